import { useState } from 'react';
import { Button, Card, Empty, Flex, Popconfirm, Progress, Skeleton, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { ProjectDatabase } from '@wharf/contract';
import { useDisplay } from '../../../session/display';
import { usePermissions } from '../../team/public';
import { CreateDatabaseDialog } from '../components/CreateDatabaseDialog';
import { NeedsPostgres } from '../components/NeedsPostgres';
import { useBaseInfo, useDatabases, useDeleteDatabase, useRestoreDatabase } from '../hooks';

/** Database management: the project's own PostgreSQL databases, with their size and sessions. */
export function DatabasesPage() {
  const { t } = useTranslation('databases');
  const display = useDisplay();
  const navigate = useNavigate();
  const { projectId = '' } = useParams();
  const canManage = usePermissions().can('cloud.manage');
  const info = useBaseInfo(projectId);
  const available = info.data?.available === true;
  const list = useDatabases(projectId, available);
  const remove = useDeleteDatabase(projectId);
  const restore = useRestoreDatabase(projectId);
  const [creating, setCreating] = useState(false);
  const title = (
    <>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {t('page.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 760 }}>
        {t('page.text')}
      </Typography.Paragraph>
    </>
  );
  if (info.isPending) return <Skeleton active />;
  if (!available) return (<>{title}<NeedsPostgres /></>);
  const create = canManage && (
    <Button type="primary" onClick={() => setCreating(true)}>
      {t('page.create')}
    </Button>
  );
  const databases = list.data?.databases ?? [];
  return (
    <>
      <Flex justify="space-between" align="start" gap={8} wrap>
        <div>{title}</div>
        {databases.length > 0 && create}
      </Flex>
      {list.data && databases.length === 0 ? (
        <Card>
          <Empty description={t('page.empty')}>{create}</Empty>
        </Card>
      ) : (
        <Table<ProjectDatabase>
          rowKey="databaseId"
          loading={list.isPending}
          dataSource={databases}
          pagination={false}
          columns={[
            { key: 'name', title: t('list.name'), render: (_, d) => (d.state === 'ready' ? <Link to={d.databaseId}>{d.name}</Link> : d.name) },
            { key: 'pgName', title: t('list.pgName'), render: (_, d) => <Typography.Text code copyable>{d.pgName}</Typography.Text> },
            {
              key: 'state',
              title: t('list.state'),
              render: (_, d) =>
                d.state === 'deleting' ? (
                  <Tag color="red">{t('list.deleting', { date: display.date(d.deleteAt) })}</Tag>
                ) : d.overQuota ? (
                  <Tooltip title={t('list.overQuotaHint')}>
                    <Tag color="orange">{t('list.overQuota')}</Tag>
                  </Tooltip>
                ) : (
                  <Tag color="green">{t('list.ready')}</Tag>
                ),
            },
            {
              key: 'size',
              title: t('list.size'),
              render: (_, d) => (
                <Flex vertical style={{ width: 180 }}>
                  <Typography.Text>{t('list.sizeOf', { size: display.size(d.sizeBytes ?? 0), quota: display.size(d.sizeQuotaBytes) })}</Typography.Text>
                  <Progress size="small" showInfo={false} percent={Math.min(100, Math.round(((d.sizeBytes ?? 0) / d.sizeQuotaBytes) * 100))} />
                </Flex>
              ),
            },
            { key: 'connections', title: t('list.connections'), render: (_, d) => t('list.connectionsOf', { n: d.connections ?? 0, limit: d.connectionLimit }) },
            { key: 'created', title: t('list.created'), render: (_, d) => display.dateTime(d.createdAt) },
            {
              key: 'actions',
              title: '',
              render: (_, d) =>
                canManage &&
                (d.state === 'ready' ? (
                  <Popconfirm title={t('list.deleteConfirm', { name: d.name })} onConfirm={() => remove.mutateAsync(d.databaseId)}>
                    <Button danger size="small">
                      {t('list.delete')}
                    </Button>
                  </Popconfirm>
                ) : (
                  <Button size="small" onClick={() => restore.mutate(d.databaseId)}>
                    {t('list.restore')}
                  </Button>
                )),
            },
          ]}
        />
      )}
      <CreateDatabaseDialog projectId={projectId} open={creating} onClose={() => setCreating(false)} onCreated={(id) => (setCreating(false), void navigate(id))} />
    </>
  );
}
