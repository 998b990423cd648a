import { useState } from 'react';
import { Button, Empty, Flex, Popconfirm, Spin, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FunctionLayer, FunctionLayerVersion } from '@wharf/contract';
import { useDisplay } from '../../../session/display';
import { useAct } from '../../../ui/use-act';
import { useLayerChanges, useLayers, useLayerVersions } from '../api/layers';
import { LayerDialog } from './LayerDialog';

const STATE_COLOR = { building: 'processing', ready: 'success', failed: 'error' } as const;

/** The project's layers: node_modules its functions share, each a list of versions built or uploaded. */
export function LayersPanel({ projectId, canManage }: { projectId: string; canManage: boolean }) {
  const { t } = useTranslation('cloud-functions');
  const display = useDisplay();
  const layers = useLayers(projectId);
  const [adding, setAdding] = useState<{ layerName?: string } | null>(null);
  const names = (layers.data?.layers ?? []).map((l) => l.layerName);
  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Text type="secondary">{t('layers.intro')}</Typography.Text>
        {canManage && (
          <Button type="primary" onClick={() => setAdding({})}>
            {t('layers.new')}
          </Button>
        )}
      </Flex>
      <Table<FunctionLayer>
        rowKey="layerName"
        loading={layers.isPending}
        dataSource={layers.data?.layers ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t(canManage ? 'layers.empty' : 'layers.emptyReadOnly')} /> }}
        expandable={{ expandedRowRender: (l) => <LayerVersions projectId={projectId} layerName={l.layerName} canManage={canManage} onAdd={() => setAdding({ layerName: l.layerName })} /> }}
        columns={[
          { key: 'name', title: t('layers.name'), render: (_, l) => <Typography.Text strong>{l.layerName}</Typography.Text> },
          { key: 'latest', title: t('layers.latest'), render: (_, l) => <Flex gap="small">{t('versions.number', { version: l.latestVersion })}<StateTag state={l.latestState} /></Flex> },
          { key: 'versions', title: t('layers.versions'), dataIndex: 'versions' },
          { key: 'updated', title: t('fields.updatedAt'), render: (_, l) => display.dateTime(l.updatedAt) },
        ]}
      />
      {adding && <LayerDialog projectId={projectId} layerNames={names} layerName={adding.layerName} onClose={() => setAdding(null)} />}
    </Flex>
  );
}

function StateTag({ state }: { state: FunctionLayerVersion['state'] }) {
  const { t } = useTranslation('cloud-functions');
  return (
    <Tag color={STATE_COLOR[state]}>
      {state === 'building' && <Spin size="small" style={{ marginRight: 6 }} />}
      {t(`layers.states.${state}`)}
    </Tag>
  );
}

/** One layer's versions: state, what each holds, who uses it, and a build's log. */
function LayerVersions({ projectId, layerName, canManage, onAdd }: { projectId: string; layerName: string; canManage: boolean; onAdd: () => void }) {
  const { t } = useTranslation('cloud-functions');
  const display = useDisplay();
  const act = useAct();
  const versions = useLayerVersions(projectId, layerName);
  const { remove } = useLayerChanges(projectId);
  return (
    <Flex vertical gap="small">
      <Table<FunctionLayerVersion>
        rowKey="version"
        size="small"
        loading={versions.isPending}
        dataSource={versions.data?.versions ?? []}
        pagination={false}
        expandable={{
          expandedRowRender: (v) => (
            <Flex vertical gap="small">
              {v.packageJson && <Typography.Paragraph copyable={{ text: v.packageJson }} style={{ margin: 0 }}><pre style={{ margin: 0, maxHeight: 160, overflow: 'auto' }}>{v.packageJson}</pre></Typography.Paragraph>}
              {v.buildLog ? (
                <pre aria-label={t('layers.logOf', { version: v.version })} style={{ margin: 0, maxHeight: 240, overflow: 'auto', fontSize: 12, background: '#fafafa', padding: 8 }}>{v.buildLog}</pre>
              ) : (
                <Typography.Text type="secondary">{t(v.source === 'zip' ? 'layers.noLogZip' : 'layers.noLogYet')}</Typography.Text>
              )}
            </Flex>
          ),
        }}
        columns={[
          { key: 'version', title: t('versions.version'), render: (_, v) => v.version },
          { key: 'state', title: t('layers.state'), render: (_, v) => <StateTag state={v.state} /> },
          { key: 'source', title: t('layers.source'), render: (_, v) => t(v.source === 'zip' ? 'layers.fromZip' : 'layers.fromPackageJson') },
          {
            key: 'packages',
            title: t('layers.packages'),
            render: (_, v) => (
              <Tooltip title={v.packages.map((p) => `${p.name}@${p.version}`).join(', ')}>
                <Typography.Text>
                  {v.packages.slice(0, 3).map((p) => `${p.name}@${p.version}`).join(', ')}
                  {v.packages.length > 3 ? ` ${t('layers.more', { count: v.packages.length - 3 })}` : ''}
                </Typography.Text>
              </Tooltip>
            ),
          },
          { key: 'size', title: t('layers.size'), render: (_, v) => (v.state === 'ready' ? `${display.size(v.unzippedSize)} · ${t('layers.files', { count: v.files })}` : '—') },
          { key: 'used', title: t('layers.usedBy'), render: (_, v) => (v.usedBy.length ? v.usedBy.map((u) => <Tag key={`${u.functionName}:${u.qualifier}`}>{`${u.functionName} ${u.qualifier}`}</Tag>) : '—') },
          { key: 'created', title: t('fields.createdAt'), render: (_, v) => display.dateTime(v.createdAt) },
          {
            key: 'actions',
            title: t('fields.actions'),
            render: (_, v) =>
              canManage && (
                <Popconfirm title={t('layers.deleteConfirm', { name: layerName, version: v.version })} onConfirm={() => void act(remove.mutateAsync({ layerName, version: v.version }), t('layers.deleted', { name: layerName, version: v.version }))} disabled={v.usedBy.length > 0}>
                  <Tooltip title={v.usedBy.length > 0 ? t('layers.inUse') : undefined}>
                    <Button size="small" danger type="text" disabled={v.usedBy.length > 0}>
                      {t('actions.delete')}
                    </Button>
                  </Tooltip>
                </Popconfirm>
              ),
          },
        ]}
      />
      {canManage && (
        <Button size="small" onClick={onAdd} style={{ alignSelf: 'flex-start' }}>
          {t('layers.addVersion')}
        </Button>
      )}
    </Flex>
  );
}
