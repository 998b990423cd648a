import { Alert, Button, Card, Flex, Input, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StorageRuleInput } from '@wharf/contract';
import { compileStorageRules, STORAGE_RULE_OPERATIONS } from '@wharf/rules';
import { deviceDraft } from '../../../ui/device-draft';
import { useUnsavedGuard } from '../../../ui/unsaved';
import { useBucketChanges } from '../api/mutations';
import { useBucketRules } from '../api/queries';
import { RulesSimulator } from './RulesSimulator';

const drafts = deviceDraft<StorageRuleInput[]>('storageRules', (v) => (Array.isArray(v) && v.every((r) => typeof r === 'object' && r !== null && typeof (r as StorageRuleInput).match === 'string') ? (v as StorageRuleInput[]) : null));
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

interface Props {
  projectId: string;
  bucket: string;
  canManage: boolean;
}

/** A bucket's security rules: path patterns with an expression per operation, checked as typed, tried in the simulator. */
export function RulesTab({ projectId, bucket, canManage }: Props) {
  const { t } = useTranslation('storage');
  const saved = useBucketRules(projectId, bucket);
  const changes = useBucketChanges(projectId, bucket);
  const draftId = `${projectId}:${bucket}`;
  const [rules, setRules] = useState<StorageRuleInput[] | null>(null);
  useEffect(() => {
    if (saved.data && rules === null) setRules(drafts.read(draftId) ?? saved.data.rules);
  }, [saved.data, rules, draftId]);
  const dirty = rules !== null && saved.data !== undefined && !same(rules, saved.data.rules);
  const guard = useUnsavedGuard(dirty);
  useEffect(() => {
    if (rules === null) return;
    if (dirty) drafts.keep(draftId, rules);
    else drafts.drop(draftId);
  }, [rules, dirty, draftId]);

  if (!rules) return <Skeleton active />;
  const compiled = compileStorageRules(rules);
  const problem = compiled.ok ? null : compiled.problem;
  const change = (i: number, patch: Partial<StorageRuleInput>) => setRules(rules.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const save = async () => {
    const result = await changes.putRules.mutateAsync({ rules });
    drafts.drop(draftId);
    setRules(result.rules);
  };

  return (
    <Flex gap="large" wrap align="flex-start">
      <Flex vertical gap="middle" style={{ flex: '2 1 520px' }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('rules.intro')}
        </Typography.Paragraph>
        {rules.length === 0 && <Alert type="warning" showIcon title={t('rules.none')} />}
        {rules.map((rule, i) => (
          <Card
            key={i}
            size="small"
            title={t('rules.number', { n: i + 1 })}
            extra={
              canManage && (
                <Button size="small" type="link" danger onClick={() => setRules(rules.filter((_r, j) => j !== i))}>
                  {t('actions.delete')}
                </Button>
              )
            }
          >
            <Flex vertical gap="small">
              <Input addonBefore={t('rules.match')} value={rule.match} disabled={!canManage} onChange={(e) => change(i, { match: e.target.value })} aria-label={t('rules.matchOf', { n: i + 1 })} status={problem?.index === i && problem.operation === null ? 'error' : ''} />
              {STORAGE_RULE_OPERATIONS.map((op) => (
                <Input
                  key={op}
                  addonBefore={<span style={{ display: 'inline-block', minWidth: 90 }}>{t(`rules.op.${op}`)}</span>}
                  value={rule[op] ?? ''}
                  placeholder={t('rules.notAllowed')}
                  disabled={!canManage}
                  onChange={(e) => change(i, { [op]: e.target.value || undefined })}
                  aria-label={t('rules.exprOf', { n: i + 1, op: t(`rules.op.${op}`) })}
                  status={problem?.index === i && problem.operation === op ? 'error' : ''}
                  style={{ fontFamily: 'monospace' }}
                />
              ))}
            </Flex>
          </Card>
        ))}
        {problem && <Alert type="error" showIcon title={t('rules.problem', { n: problem.index + 1, where: problem.operation ? t(`rules.op.${problem.operation}`) : t('rules.match'), what: t(`rules.code.${problem.code}`), detail: problem.detail })} />}
        {canManage && (
          <Flex gap="small">
            <Button onClick={() => setRules([...rules, { match: '/public/{file=**}', read: 'true' }])}>{t('rules.add')}</Button>
            <Button type="primary" disabled={!dirty || problem !== null} loading={changes.putRules.isPending} onClick={() => void save()}>
              {t('rules.save')}
            </Button>
            <Button disabled={!dirty} onClick={() => setRules(saved.data!.rules)}>
              {t('rules.discard')}
            </Button>
          </Flex>
        )}
        {dirty && <Typography.Text type="secondary">{t('rules.unsaved')}</Typography.Text>}
      </Flex>
      <div style={{ flex: '1 1 320px' }}>
        <RulesSimulator rules={rules} />
      </div>
      {guard}
    </Flex>
  );
}
