import { useState } from 'react';
import { App as AntApp, Button, Empty, Flex, Input, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Project } from '@wharf/contract';
import { PageLayout } from '../../../app/pages/PageLayout';
import { usePermissions } from '../../team/public';
import { ProjectFormDialog } from '../components/ProjectFormDialog';
import { useDeleteProject, useProjects } from '../hooks';
import { useDataLocations } from '../zones';
import { ShowMore } from '../../../ui/ShowMore';
import { useDisplay } from '../../../session/display';

/** My projects: the team's projects, a page at a time; create, rename, delete. */
export function ProjectsPage() {
  const { t } = useTranslation('projects');
  const { message } = AntApp.useApp();
  const navigate = useNavigate();
  const display = useDisplay();
  const zones = useDataLocations();
  const permissions = usePermissions();
  const canManage = permissions.can('project.manage');
  const [search, setSearch] = useState('');
  // `?create=1` (the home page's "Create your first project") opens the dialog at once.
  const [params, setParams] = useSearchParams();
  const [creating, setCreatingState] = useState(() => params.get('create') === '1');
  const setCreating = (open: boolean) => {
    setCreatingState(open);
    if (!open && params.has('create')) setParams((p) => (p.delete('create'), p), { replace: true });
  };
  const [renaming, setRenaming] = useState<Project | null>(null);
  const projects = useProjects(search);
  const remove = useDeleteProject();
  const rows = projects.data?.pages.flatMap((p) => p.items) ?? [];
  const total = projects.data?.pages[0]?.total;
  const settingsOf = (p: Project) => `/projects/${encodeURIComponent(p.projectId)}/settings`;

  const columns = [
    {
      key: 'name',
      title: t('fields.name'),
      render: (_: unknown, p: Project) => (
        <Space orientation="vertical" size={0}>
          <Link to={settingsOf(p)}>
            <Typography.Text strong>{p.name}</Typography.Text>
          </Link>
          <Typography.Text type="secondary" copyable={{ text: p.projectId }} style={{ fontSize: 12 }}>
            {t('fields.idValue', { id: p.projectId })}
          </Typography.Text>
        </Space>
      ),
    },
    { key: 'dataLocation', title: t('fields.dataLocation'), render: (_: unknown, p: Project) => <Tag>{zones.label(p.dataLocation)}</Tag> },
    { key: 'createdAt', title: t('fields.createdAt'), render: (_: unknown, p: Project) => display.date(p.createdAt) },
    {
      key: 'actions',
      title: t('list.actions'),
      render: (_: unknown, p: Project) => (
        <Space wrap>
          <Button size="small" onClick={() => void navigate(settingsOf(p))} aria-label={t('list.settingsOf', { name: p.name })}>
            {t('list.settings')}
          </Button>
          {canManage && (
            <>
              <Button size="small" onClick={() => setRenaming(p)} aria-label={t('list.renameOf', { name: p.name })}>
                {t('actions.rename')}
              </Button>
              <Popconfirm
                title={t('delete.title', { name: p.name })}
                description={t('delete.text')}
                okText={t('actions.delete')}
                cancelText={t('actions.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() =>
                  remove.mutateAsync(p.projectId).then(
                    () => void message.success(t('delete.done', { name: p.name })),
                    () => undefined,
                  )
                }
              >
                <Button size="small" danger aria-label={t('list.deleteOf', { name: p.name })}>
                  {t('actions.delete')}
                </Button>
              </Popconfirm>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <PageLayout>
      <Flex justify="space-between" align="start" gap="middle" wrap>
        <div>
          <Typography.Title level={2} style={{ marginTop: 0 }}>
            {t('list.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('list.subtitle')}</Typography.Paragraph>
        </div>
        {canManage && (
          <Button type="primary" onClick={() => setCreating(true)} data-report-click="projects.create">
            {t('list.create')}
          </Button>
        )}
      </Flex>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }} gap="middle" wrap>
        <Input.Search allowClear placeholder={t('list.search')} aria-label={t('list.search')} onSearch={(v) => setSearch(v.trim())} style={{ maxWidth: 320 }} />
        {total !== undefined && <Typography.Text type="secondary">{t('list.count', { count: total })}</Typography.Text>}
      </Flex>
      <Table<Project>
        rowKey="projectId"
        columns={columns}
        dataSource={rows}
        loading={projects.isPending}
        pagination={false}
        locale={{
          emptyText: search ? (
            <Empty description={t('list.noMatch', { search })} />
          ) : (
            <Empty description={<Typography.Text>{canManage ? t('list.empty') : t('list.emptyReadOnly')}</Typography.Text>}>
              {canManage && (
                <Button type="primary" onClick={() => setCreating(true)}>
                  {t('list.create')}
                </Button>
              )}
            </Empty>
          ),
        }}
      />
      <ShowMore list={projects}>{t('list.more')}</ShowMore>
      <ProjectFormDialog
        open={creating && canManage}
        onClose={() => setCreating(false)}
        onSaved={(p) => void navigate(`/projects/${encodeURIComponent(p.projectId)}/settings`)}
      />
      <ProjectFormDialog open={renaming !== null} project={renaming} onClose={() => setRenaming(null)} />
    </PageLayout>
  );
}
