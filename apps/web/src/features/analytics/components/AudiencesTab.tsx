import { useState } from 'react';
import { App as AntApp, Button, Card, Empty, Flex, Input, Popconfirm, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Audience, AudienceCondition, AudienceInput } from '@wharf/contract';
import { useAudienceAction, useAudiences, useInstanceAudiences, useSaveAudience } from '../api/audiences';
import { useEventList } from '../api/queries';
import { lastDays, todayIn } from '../range';
import { AudienceEditor } from './AudienceEditor';
import { useDisplay } from '../../../session/display';

/** One condition in words, as the list shows it. */
function useDescribe() {
  const { t } = useTranslation('analytics');
  return (c: AudienceCondition) => {
    if (c.kind === 'attribute') return t(`audiences.say.${c.op}`, { field: t(`audiences.fields.${c.field}`), values: c.values.join(', ') });
    if (c.kind === 'appVersion') return t(`audiences.say.${c.op}`, { version: c.version });
    if (c.kind === 'event') return t('audiences.say.event', { event: c.event, n: c.atLeast, days: c.withinDays });
    if (c.kind === 'userProperty') return c.op === 'set' ? t('audiences.say.set', { property: c.property }) : `${c.property} ${t(`audiences.propertyOps.${c.op}`)} ${JSON.stringify(c.value)}`;
    return t('audiences.say.newUser', { days: c.withinDays });
  };
}

/** Audiences: groups of the app's instances that targeting uses, their size, and who is in which. */
export function AudiencesTab({ appId, timeZone, canManage }: { appId: string; timeZone: string; canManage: boolean }) {
  const { t } = useTranslation('analytics');
  const { message } = AntApp.useApp();
  const display = useDisplay();
  const describe = useDescribe();
  const audiences = useAudiences(appId);
  const events = useEventList(appId, lastDays(30, todayIn(timeZone)));
  const save = useSaveAudience(appId);
  const act = useAudienceAction(appId);
  const [editing, setEditing] = useState<Audience | 'new' | null>(null);
  const [lookup, setLookup] = useState('');
  const [instanceId, setInstanceId] = useState('');
  const of = useInstanceAudiences(appId, instanceId);

  const submit = async (input: AudienceInput) => {
    try {
      const { audience } = await save.mutateAsync({ audienceId: editing && editing !== 'new' ? editing.audienceId : undefined, input });
      setEditing(null);
      void message.success(t('audiences.saved', { name: audience.name, size: display.number(audience.size) }));
    } catch {
      // the request layer showed the reason
    }
  };
  const run = (a: Audience, action: 'recompute' | 'delete') => act.mutateAsync({ audienceId: a.audienceId, action }).catch(() => undefined);

  return (
    <Flex vertical gap="middle">
      <Typography.Text type="secondary">{t('audiences.text')}</Typography.Text>
      <Card
        title={t('audiences.title')}
        extra={canManage && (<Button type="primary" onClick={() => setEditing('new')}>{t('audiences.new')}</Button>)}
      >
        {!audiences.data ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : audiences.data.audiences.length === 0 ? (
          <Empty description={canManage ? t('audiences.empty') : t('audiences.emptyReader')} />
        ) : (
          <Table
            size="small"
            rowKey="audienceId"
            data-testid="audiences"
            pagination={false}
            dataSource={audiences.data.audiences}
            columns={[
              { title: t('audiences.name'), dataIndex: 'name', render: (name: string, a) => (<Space direction="vertical" size={0}><Typography.Text strong>{name}</Typography.Text>{a.description && <Typography.Text type="secondary">{a.description}</Typography.Text>}</Space>) },
              { title: t('audiences.conditions'), render: (_, a) => (<Space size={[4, 4]} wrap>{a.conditions.map((c, i) => <Tag key={i}>{describe(c)}</Tag>)}</Space>) },
              { title: t('audiences.size'), dataIndex: 'size', align: 'right', render: (n: number) => display.number(n) },
              { title: t('audiences.computedAt'), dataIndex: 'computedAt', render: (at: string) => display.dateTime(at) },
              {
                title: '',
                align: 'right',
                render: (_, a) =>
                  canManage && (
                    <Space>
                      <Button size="small" onClick={() => void run(a, 'recompute')} aria-label={t('audiences.recomputeNamed', { name: a.name })}>{t('audiences.recompute')}</Button>
                      <Button size="small" onClick={() => setEditing(a)}>{t('audiences.editShort')}</Button>
                      <Popconfirm title={t('audiences.deleteConfirm', { name: a.name })} okText={t('audiences.delete')} okButtonProps={{ danger: true }} onConfirm={() => void run(a, 'delete')}>
                        <Button size="small" danger>{t('audiences.delete')}</Button>
                      </Popconfirm>
                    </Space>
                  ),
              },
            ]}
          />
        )}
      </Card>
      <Card title={t('audiences.lookup')} size="small">
        <Flex gap="small" wrap align="center">
          <Input.Search aria-label={t('audiences.instanceId')} placeholder={t('audiences.instanceId')} value={lookup} maxLength={128} onChange={(e) => setLookup(e.target.value)} onSearch={(v) => setInstanceId(v.trim())} enterButton={t('audiences.find')} style={{ maxWidth: 440 }} />
          {instanceId && of.data && (
            <Typography.Text data-testid="instance-audiences">
              {of.data.audiences.length ? t('audiences.inThese', { names: of.data.audiences.map((a) => a.name).join(', ') }) : t('audiences.inNone')}
            </Typography.Text>
          )}
        </Flex>
      </Card>
      {editing && (
        <AudienceEditor editing={editing === 'new' ? null : editing} eventNames={(events.data?.events ?? []).map((e) => e.name)} saving={save.isPending} onSave={(input) => void submit(input)} onCancel={() => setEditing(null)} />
      )}
    </Flex>
  );
}
