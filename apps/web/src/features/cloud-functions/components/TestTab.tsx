import { useState } from 'react';
import { Button, Card, Descriptions, Flex, Form, Input, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CloudFunction, Invocation } from '@wharf/contract';
import { LATEST } from '@wharf/rules';
import { useFunctionChanges } from '../api/mutations';
import { useAliases, useTestEvents, useVersions } from '../api/queries';
import { deviceDraft } from '../../../ui/device-draft';
import { useAct } from '../../../ui/use-act';
import { useDisplay } from '../../../session/display';

const OUTCOME_COLOR: Record<Invocation['outcome'], string> = { ok: 'green', error: 'red', timeout: 'orange', crashed: 'red' };
const SAMPLE = '{\n  "queryStringParameters": { "name": "Wharf" }\n}';
// The event being written is kept on the device until it is saved under a name or run.
const drafts = deviceDraft<string>('functionTestEvent', (v) => (typeof v === 'string' ? v : null));

/** Runs the function once with a JSON event: `$latest`, an alias or a version; shows the result and what it printed. */
export function TestTab({ projectId, fn, canManage }: { projectId: string; fn: CloudFunction; canManage: boolean }) {
  const { t } = useTranslation('cloud-functions');
  const display = useDisplay();
  const versions = useVersions(projectId, fn.functionId);
  const aliases = useAliases(projectId, fn.functionId);
  const { test, saveTestEvent, deleteTestEvent } = useFunctionChanges(projectId, fn.functionId);
  const saved = useTestEvents(projectId, fn.functionId);
  const act = useAct();
  const [qualifier, setQualifier] = useState<string>(LATEST);
  const [event, setEventText] = useState(() => drafts.read(fn.functionId) ?? SAMPLE);
  const [chosen, setChosen] = useState<string | null>(null);
  const [saveName, setSaveName] = useState('');
  const setEvent = (text: string) => {
    setEventText(text);
    drafts.keep(fn.functionId, text);
  };
  const choose = (name: string) => {
    const found = saved.data?.events.find((e) => e.name === name);
    if (!found) return;
    setChosen(name);
    setSaveName(name);
    setEvent(JSON.stringify(found.event, null, 2));
  };
  const saveAs = async () => {
    const name = saveName.trim();
    if (!name || bad) return;
    if (await act(saveTestEvent.mutateAsync({ name, event: parsed }), t('test.savedEvent', { name }))) setChosen(name);
  };
  const [ran, setRan] = useState<Invocation | null>(null);
  let parsed: unknown;
  let bad = false;
  try {
    parsed = JSON.parse(event);
  } catch {
    bad = true;
  }
  const run = async () => {
    if (bad) return;
    setRan((await test.mutateAsync({ qualifier, event: parsed })).invocation);
  };
  const options = [
    { value: LATEST, label: t('test.latest') },
    ...(aliases.data?.aliases ?? []).map((a) => ({ value: a.name, label: t('test.alias', { name: a.name }) })),
    ...(versions.data?.versions ?? []).map((v) => ({ value: String(v.version), label: t('versions.number', { version: v.version }) })),
  ];
  return (
    <Flex vertical gap="middle">
      <Form layout="vertical" onFinish={run} disabled={!canManage}>
        <Form.Item label={t('test.qualifier')}>
          <Select aria-label={t('test.qualifier')} value={qualifier} onChange={setQualifier} options={options} style={{ width: 240 }} />
        </Form.Item>
        <Form.Item label={t('test.savedEvents')}>
          <Space wrap>
            <Select
              aria-label={t('test.savedEvents')}
              placeholder={saved.data?.events.length ? t('test.chooseSaved') : t('test.noSaved')}
              value={chosen}
              onChange={choose}
              options={(saved.data?.events ?? []).map((e) => ({ value: e.name, label: e.name }))}
              style={{ width: 240 }}
            />
            {chosen && canManage && (
              <Popconfirm title={t('test.deleteSaved', { name: chosen })} okText={t('actions.delete')} okButtonProps={{ danger: true }} onConfirm={async () => (await act(deleteTestEvent.mutateAsync(chosen), t('test.deletedEvent', { name: chosen }))) && setChosen(null)}>
                <Button danger>{t('actions.delete')}</Button>
              </Popconfirm>
            )}
          </Space>
        </Form.Item>
        <Form.Item label={t('test.event')} validateStatus={bad ? 'error' : ''} help={bad ? t('test.badJson') : t('test.eventHelp')}>
          <Input.TextArea aria-label={t('test.event')} rows={8} value={event} onChange={(e) => setEvent(e.target.value)} spellCheck={false} style={{ fontFamily: 'monospace', fontSize: 13 }} />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={test.isPending} disabled={bad}>
            {t('test.run')}
          </Button>
          <Space.Compact>
            <Input aria-label={t('test.saveName')} placeholder={t('test.saveName')} value={saveName} maxLength={64} onChange={(e) => setSaveName(e.target.value)} style={{ width: 200 }} />
            <Button onClick={saveAs} disabled={bad || !saveName.trim()} loading={saveTestEvent.isPending}>
              {t('test.saveEvent')}
            </Button>
          </Space.Compact>
        </Space>
      </Form>
      <Typography.Text type="secondary">
        {t('test.url')}{' '}
        <Typography.Text code copyable>{`${fn.triggerUrl}${qualifier}`}</Typography.Text>
      </Typography.Text>
      {ran && (
        <Card title={t('test.result')} size="small">
          <Descriptions size="small" column={{ xs: 1, sm: 2, md: 4 }}>
            <Descriptions.Item label={t('test.outcome')}>
              <Tag color={OUTCOME_COLOR[ran.outcome]}>{t(`test.outcomes.${ran.outcome}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('test.ran')}>{ran.ran === LATEST ? t('test.latest') : t('versions.number', { version: ran.ran })}</Descriptions.Item>
            <Descriptions.Item label={t('test.duration')}>{t('test.ms', { ms: display.number(ran.durationMs) })}</Descriptions.Item>
            <Descriptions.Item label={t('test.start')}>{ran.coldStart ? t('test.cold') : t('test.warm')}</Descriptions.Item>
          </Descriptions>
          {ran.outcome === 'ok' ? (
            <pre aria-label={t('test.result')} style={{ background: '#f6f6f6', padding: 8, overflow: 'auto', maxHeight: 320 }}>
              {JSON.stringify(ran.result, null, 2)}
            </pre>
          ) : (
            <Typography.Paragraph type="danger">{ran.error}</Typography.Paragraph>
          )}
          <Typography.Text strong>{t('test.output')}</Typography.Text>
          <pre aria-label={t('test.output')} style={{ background: '#1f1f1f', color: '#e6e6e6', padding: 8, overflow: 'auto', maxHeight: 240 }}>
            {ran.output || t('test.noOutput')}
          </pre>
        </Card>
      )}
    </Flex>
  );
}
