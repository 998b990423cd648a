import { Alert, Button, Empty, Flex, Popconfirm, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LATEST } from '@wharf/rules';
import type { FunctionTrigger, TriggerRun } from '@wharf/contract';
import { useDisplay } from '../../../session/display';
import { useAct } from '../../../ui/use-act';
import { useFunctionChanges } from '../api/mutations';
import { useAliases, useDeadRuns, useTriggers, useVersions } from '../api/queries';
import { TriggerDialog } from './TriggerDialog';

/** A function's timer triggers (when each fires next), and the runs that failed every attempt, to replay. */
export function TriggersTab({ projectId, functionId, canManage }: { projectId: string; functionId: string; canManage: boolean }) {
  const { t } = useTranslation('cloud-functions');
  const display = useDisplay();
  const act = useAct();
  const triggers = useTriggers(projectId, functionId);
  const dead = useDeadRuns(projectId, functionId);
  const versions = useVersions(projectId, functionId);
  const aliases = useAliases(projectId, functionId);
  const changes = useFunctionChanges(projectId, functionId);
  const [editing, setEditing] = useState<FunctionTrigger | 'new' | null>(null);
  const qualifiers = [LATEST, ...(versions.data?.versions ?? []).map((v) => String(v.version)), ...(aliases.data?.aliases ?? []).map((a) => a.name)];
  const toggle = (tr: FunctionTrigger, enabled: boolean) =>
    act(
      changes.updateTrigger.mutateAsync({ triggerId: tr.triggerId, body: { name: tr.name, qualifier: tr.qualifier, enabled, ...(tr.timer ? { timer: tr.timer } : { event: { ...tr.event!, types: tr.event!.types as Array<'objectFinalized'> } }) } }),
      t(enabled ? 'triggers.turnedOn' : 'triggers.turnedOff', { name: tr.name }),
    );
  const what = (tr: FunctionTrigger) =>
    tr.timer
      ? `${tr.timer.cron} (${tr.timer.timeZone})`
      : `${t(`triggers.sources.${tr.event!.source}`)}: ${tr.event!.types.map((type) => t(`triggers.types_.${type}`)).join(', ')}${Object.entries(tr.event!.filter)
            .filter(([, v]) => v)
            .map(([k, v]) => ` · ${t(`triggers.${k}`)} ${v}`)
            .join('')}`;
  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Text type="secondary">{t('triggers.intro')}</Typography.Text>
        {canManage && (
          <Button type="primary" onClick={() => setEditing('new')}>
            {t('triggers.add')}
          </Button>
        )}
      </Flex>
      <Table<FunctionTrigger>
        rowKey="triggerId"
        size="small"
        loading={triggers.isPending}
        dataSource={triggers.data?.triggers ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={canManage ? t('triggers.empty') : t('triggers.emptyReadOnly')} /> }}
        columns={[
          { key: 'name', title: t('triggers.name'), render: (_, tr) => tr.name },
          { key: 'what', title: t('triggers.schedule'), render: (_, tr) => <Typography.Text code={Boolean(tr.timer)}>{what(tr)}</Typography.Text> },
          { key: 'qualifier', title: t('triggers.qualifier'), render: (_, tr) => <Tag>{tr.qualifier}</Tag> },
          { key: 'next', title: t('triggers.nextRun'), render: (_, tr) => (tr.nextRunAt ? display.dateTime(tr.nextRunAt) : '—') },
          { key: 'last', title: t('triggers.lastRun'), render: (_, tr) => (tr.lastRunAt ? display.dateTime(tr.lastRunAt) : '—') },
          { key: 'enabled', title: t('triggers.enabled'), render: (_, tr) => <Switch aria-label={t('triggers.enabledOf', { name: tr.name })} checked={tr.enabled} disabled={!canManage} onChange={(on) => void toggle(tr, on)} /> },
          {
            key: 'actions',
            title: '',
            render: (_, tr) =>
              canManage && (
                <Flex gap="small">
                  <Button size="small" onClick={() => setEditing(tr)}>
                    {t('actions.edit')}
                  </Button>
                  <Popconfirm title={t('triggers.deleteConfirm', { name: tr.name })} okText={t('actions.delete')} okButtonProps={{ danger: true }} onConfirm={() => act(changes.deleteTrigger.mutateAsync(tr.triggerId), t('triggers.deleted', { name: tr.name }))}>
                    <Button size="small" danger>
                      {t('actions.delete')}
                    </Button>
                  </Popconfirm>
                </Flex>
              ),
          },
        ]}
      />
      {(dead.data?.items.length ?? 0) > 0 && (
        <>
          <Alert type="warning" showIcon message={t('triggers.deadTitle')} description={t('triggers.deadHelp')} />
          <Table<TriggerRun>
            rowKey="runId"
            size="small"
            dataSource={dead.data?.items ?? []}
            pagination={false}
            columns={[
              { key: 'trigger', title: t('triggers.name'), render: (_, r) => r.triggerName },
              { key: 'scheduled', title: t('triggers.scheduledFor'), render: (_, r) => display.dateTime(r.scheduledFor) },
              { key: 'attempts', title: t('triggers.attempts'), render: (_, r) => r.attempts },
              { key: 'error', title: t('metrics.error'), render: (_, r) => r.lastError ?? '' },
              {
                key: 'replay',
                title: '',
                render: (_, r) =>
                  canManage && (
                    <Button size="small" onClick={() => act(changes.replayRun.mutateAsync(r.runId), t('triggers.replayed', { name: r.triggerName }))}>
                      {t('triggers.replay')}
                    </Button>
                  ),
              },
            ]}
          />
        </>
      )}
      {editing && <TriggerDialog projectId={projectId} functionId={functionId} trigger={editing === 'new' ? null : editing} qualifiers={qualifiers} onClose={() => setEditing(null)} />}
    </Flex>
  );
}
