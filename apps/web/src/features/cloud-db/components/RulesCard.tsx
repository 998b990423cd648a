import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Flex, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ObjectType } from '@wharf/contract';
import { checkRules, RULE_OPERATIONS, testRules, type RuleOperation, type SecurityRules } from '@wharf/rules';
import { useAct } from '../../../ui/use-act';
import { useSetRules } from '../api/mutations';

interface Simulation {
  operation: RuleOperation;
  signedIn: boolean;
  uid?: string;
  anonymous?: boolean;
  owner?: string;
  resource?: string;
  request?: string;
}

const json = (text: string | undefined): Record<string, unknown> | null | 'bad' => {
  if (!text?.trim()) return null;
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : 'bad';
  } catch {
    return 'bad';
  }
};

/** A type's security rules, checked as they are typed, and a simulator that runs them here without a device. */
export function RulesCard({ projectId, type, canManage }: { projectId: string; type: ObjectType; canManage: boolean }) {
  const { t } = useTranslation('cloud-db');
  const act = useAct();
  const save = useSetRules(projectId);
  const [rules, setRules] = useState<SecurityRules>(type.securityRules);
  const [result, setResult] = useState<{ allowed: boolean } | 'bad' | null>(null);
  const [sim] = Form.useForm<Simulation>();
  const problem = checkRules(type, rules);
  const changed = RULE_OPERATIONS.some((op) => (rules[op] ?? '').trim() !== (type.securityRules[op] ?? ''));

  const simulate = (v: Simulation) => {
    const resource = json(v.resource);
    const request = json(v.request);
    if (resource === 'bad' || request === 'bad') return setResult('bad');
    const [r] = testRules(type, rules, [
      {
        operation: v.operation,
        auth: v.signedIn ? { uid: v.uid ?? '', anonymous: Boolean(v.anonymous) } : null,
        resource: resource || v.owner ? { owner: v.owner?.trim() || null, data: resource ?? {} } : null,
        request: request ? { data: request } : null,
      },
    ]);
    setResult({ allowed: r!.allowed });
  };

  return (
    <Card title={t('rules.title')} size="small" data-testid="rules-card">
      <Typography.Paragraph type="secondary">{t('rules.text')}</Typography.Paragraph>
      <Flex vertical gap="small">
        {RULE_OPERATIONS.map((op) => (
          <label key={op}>
            <Typography.Text strong>{t(`rules.${op}`)}</Typography.Text>
            <Input.TextArea
              aria-label={t(`rules.${op}`)}
              autoSize={{ minRows: 1, maxRows: 4 }}
              maxLength={1000}
              disabled={!canManage}
              placeholder={t(`rules.${op}Placeholder`)}
              value={rules[op] ?? ''}
              onChange={(e) => setRules((r) => ({ ...r, [op]: e.target.value }))}
              style={{ fontFamily: 'monospace' }}
            />
          </label>
        ))}
        {problem && <Alert type="error" showIcon data-testid="rules-problem" message={t(`ruleProblem.${problem.code}`, { operation: t(`rules.${problem.operation}`), detail: problem.detail })} />}
        {canManage && (
          <div>
            <Button type="primary" disabled={Boolean(problem) || !changed} loading={save.isPending} onClick={() => void act(save.mutateAsync({ name: type.objectTypeName, rules, revision: type.revision }), t('rules.saved'))}>
              {t('rules.save')}
            </Button>
          </div>
        )}
      </Flex>
      <Typography.Title level={5}>{t('rules.simulator')}</Typography.Title>
      <Form<Simulation> form={sim} layout="vertical" initialValues={{ operation: 'read', signedIn: true, uid: 'user-1' }} onFinish={simulate}>
        <Space wrap align="start">
          <Form.Item name="operation" label={t('rules.operation')}>
            <Select style={{ width: 140 }} options={RULE_OPERATIONS.map((op) => ({ value: op, label: t(`rules.op.${op}`) }))} />
          </Form.Item>
          <Form.Item name="signedIn" label={t('rules.signedIn')} valuePropName="checked">
            <Checkbox />
          </Form.Item>
          <Form.Item name="uid" label={t('rules.uid')}>
            <Input style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="anonymous" label={t('rules.anonymous')} valuePropName="checked">
            <Checkbox />
          </Form.Item>
          <Form.Item name="owner" label={t('rules.owner')}>
            <Input style={{ width: 180 }} />
          </Form.Item>
        </Space>
        <Space wrap align="start">
          <Form.Item name="resource" label={t('rules.resource')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} style={{ width: 320, fontFamily: 'monospace' }} placeholder='{"price": 5}' />
          </Form.Item>
          <Form.Item name="request" label={t('rules.request')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} style={{ width: 320, fontFamily: 'monospace' }} placeholder='{"price": 7}' />
          </Form.Item>
        </Space>
        <Space>
          <Button htmlType="submit">{t('rules.run')}</Button>
          {result === 'bad' && <Typography.Text type="danger">{t('rules.badJson')}</Typography.Text>}
          {result && result !== 'bad' && <Tag data-testid="rules-result" color={result.allowed ? 'green' : 'red'}>{t(result.allowed ? 'rules.allowed' : 'rules.denied')}</Tag>}
        </Space>
      </Form>
    </Card>
  );
}
