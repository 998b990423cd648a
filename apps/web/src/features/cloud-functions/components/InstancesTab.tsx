import { useState } from 'react';
import { Button, Empty, Flex, Popconfirm, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LATEST } from '@wharf/rules';
import type { FunctionInstance, PreloadPolicy } from '@wharf/contract';
import { useDisplay } from '../../../session/display';
import { formatValue } from '../../../ui/chart/spec';
import { useAct } from '../../../ui/use-act';
import { useInstances, usePreloadChanges, usePreloadPolicies } from '../api/preload';
import { useAliases, useVersions } from '../api/queries';
import { PreloadDialog } from './PreloadDialog';
import { hourLabel } from './zones';

const STATE_COLOR = { starting: 'processing', idle: 'default', busy: 'green' } as const;

/** The function's runners on every server instance, and the preload policies that keep some warm. */
export function InstancesTab({ projectId, functionId, canManage }: { projectId: string; functionId: string; canManage: boolean }) {
  const { t, i18n } = useTranslation('cloud-functions');
  const display = useDisplay();
  const act = useAct();
  const instances = useInstances(projectId, functionId);
  const policies = usePreloadPolicies(projectId, functionId);
  const changes = usePreloadChanges(projectId, functionId);
  const versions = useVersions(projectId, functionId);
  const aliases = useAliases(projectId, functionId);
  const [editing, setEditing] = useState<PreloadPolicy | 'new' | null>(null);
  const qualifiers = [LATEST, ...(versions.data?.versions ?? []).map((v) => String(v.version)), ...(aliases.data?.aliases ?? []).map((a) => a.name)];
  const days = (p: PreloadPolicy) => (p.days.length === 7 ? t('preload.everyDay') : [1, 2, 3, 4, 5, 6, 0].filter((d) => p.days.includes(d)).map((d) => t(`preload.day.${d}`)).join(', '));
  return (
    <Flex vertical gap="middle">
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('instances.title')}
      </Typography.Title>
      <Table<FunctionInstance>
        rowKey={(r) => `${r.server}|${r.version}|${r.startedAt}`}
        size="small"
        loading={instances.isPending}
        dataSource={instances.data?.instances ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t('instances.empty')} /> }}
        columns={[
          { key: 'server', title: t('instances.server'), render: (_, r) => <Typography.Text code>{r.server}</Typography.Text> },
          { key: 'version', title: t('logs.version'), render: (_, r) => <Tag>{r.version}</Tag> },
          { key: 'state', title: t('instances.state'), render: (_, r) => <Flex gap={4}><Tag color={STATE_COLOR[r.state]}>{t(`instances.states.${r.state}`)}</Tag>{r.held && <Tag color="blue">{t('instances.held')}</Tag>}</Flex> },
          { key: 'calls', title: t('instances.calls'), render: (_, r) => r.calls },
          { key: 'memory', title: t('metrics.memory'), render: (_, r) => formatValue('bytes', r.memoryMb === null ? null : r.memoryMb * 1024 * 1024, i18n.language) },
          { key: 'started', title: t('instances.started'), render: (_, r) => display.dateTime(r.startedAt) },
          { key: 'used', title: t('instances.lastUsed'), render: (_, r) => display.dateTime(r.lastUsedAt) },
        ]}
      />
      <Flex justify="space-between" align="center" wrap gap="small">
        <Flex vertical>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('preload.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('preload.intro')}</Typography.Text>
        </Flex>
        {canManage && (
          <Button type="primary" onClick={() => setEditing('new')}>
            {t('preload.add')}
          </Button>
        )}
      </Flex>
      <Table<PreloadPolicy>
        rowKey="policyId"
        size="small"
        loading={policies.isPending}
        dataSource={policies.data?.policies ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t(canManage ? 'preload.empty' : 'preload.emptyReadOnly')} /> }}
        columns={[
          { key: 'qualifier', title: t('preload.qualifier'), render: (_, p) => <Tag>{p.qualifier}</Tag> },
          { key: 'instances', title: t('preload.instances'), render: (_, p) => p.instances },
          { key: 'when', title: t('preload.when'), render: (_, p) => `${days(p)} · ${hourLabel(p.startHour)}–${hourLabel(p.endHour)} (${p.timeZone})` },
          { key: 'state', title: t('instances.state'), render: (_, p) => <Tag color={p.active ? 'green' : 'default'}>{t(!p.enabled ? 'preload.off' : p.active ? 'preload.active' : 'preload.waiting')}</Tag> },
          {
            key: 'actions',
            title: t('fields.actions'),
            render: (_, p) =>
              canManage && (
                <Flex gap={4}>
                  <Button size="small" onClick={() => setEditing(p)}>
                    {t('actions.edit')}
                  </Button>
                  <Popconfirm title={t('preload.deleteConfirm')} onConfirm={() => void act(changes.remove.mutateAsync(p.policyId), t('preload.deleted'))}>
                    <Button size="small" danger type="text">
                      {t('actions.delete')}
                    </Button>
                  </Popconfirm>
                </Flex>
              ),
          },
        ]}
      />
      {editing && <PreloadDialog projectId={projectId} functionId={functionId} qualifiers={qualifiers} policy={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Flex>
  );
}
