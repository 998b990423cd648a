import { useState } from 'react';
import { Button, Card, Empty, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { App } from '@wharf/contract';
import { usePermissions } from '../../team/public';
import { useProjectApps } from '../hooks';
import { CreateAppDialog } from './CreateAppDialog';

/** A project's apps on its settings page, and "Add app" into it (the shell puts it there). */
export function ProjectAppsCard({ projectId }: { projectId: string }) {
  const { t } = useTranslation('apps');
  const navigate = useNavigate();
  const canCreateApp = usePermissions().can('app.create');
  const apps = useProjectApps(projectId);
  const [addingApp, setAddingApp] = useState(false);

  const appColumns = [
    {
      key: 'name',
      title: t('fields.name'),
      render: (_: unknown, a: App) => <Link to={`/apps/${encodeURIComponent(a.appId)}/info`}>{a.name}</Link>,
    },
    { key: 'packageName', title: t('fields.packageName'), render: (_: unknown, a: App) => <Typography.Text code>{a.packageName}</Typography.Text> },
    { key: 'platform', title: t('fields.platform'), render: (_: unknown, a: App) => t(`platforms.${a.platform}`) },
    { key: 'category', title: t('fields.category'), render: (_: unknown, a: App) => <Tag>{t(`categories.${a.category}`)}</Tag> },
    { key: 'appId', title: t('fields.appId'), render: (_: unknown, a: App) => <Typography.Text copyable type="secondary">{a.appId}</Typography.Text> },
  ];

  return (
    <>
    <Card
      title={t('projectApps.title')}
      extra={
        canCreateApp && (
          <Button type="primary" onClick={() => setAddingApp(true)}>
            {t('projectApps.add')}
          </Button>
        )
      }
    >
      <Table<App>
        rowKey="appId"
        size="small"
        columns={appColumns}
        dataSource={apps.data ?? []}
        loading={apps.isPending}
        pagination={false}
        locale={{
          emptyText: (
            <Empty description={t('projectApps.empty')}>
              {canCreateApp && (
                <Button type="primary" onClick={() => setAddingApp(true)}>
                  {t('projectApps.add')}
                </Button>
              )}
            </Empty>
          ),
        }}
      />
    </Card>
      <CreateAppDialog open={addingApp} projectId={projectId} onClose={() => setAddingApp(false)} onCreated={(a) => void navigate(`/apps/${encodeURIComponent(a.appId)}/info`)} />
    </>
  );
}
