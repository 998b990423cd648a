import { useState, type ReactNode } from 'react';
import { Button, Empty, Flex, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { App } from '@wharf/contract';
import { PageLayout } from '../../../app/pages/PageLayout';
import { ProjectSelect, useProjectNames } from '../../projects/public';
import { usePermissions } from '../../team/public';
import { CreateAppDialog } from '../components/CreateAppDialog';
import { useApps } from '../hooks';
import type { AppFilters } from '../keys';
import { categoryOptions, platformOptions } from '../labels';
import { ShowMore } from '../../../ui/ShowMore';
import { useDisplay } from '../../../session/display';

/**
 * My apps: the team's apps with search and filters, a page at a time; "New app". The shell
 * passes the notices other families show above the list (agreements' publishing readiness).
 */
export function AppsPage({ notices }: { notices?: ReactNode }) {
  const { t } = useTranslation('apps');
  const navigate = useNavigate();
  const display = useDisplay();
  const permissions = usePermissions();
  const canCreate = permissions.can('app.create');
  const [filters, setFilters] = useState<AppFilters>({});
  const [creating, setCreating] = useState(false);
  const apps = useApps(filters);
  const rows = apps.data?.pages.flatMap((p) => p.items) ?? [];
  const nameOf = useProjectNames(rows.map((a) => a.projectId));
  const projectName = (id: string) => nameOf(id) ?? id;
  const total = apps.data?.pages[0]?.total;
  const filtered = Boolean(filters.search || filters.platform || filters.category || filters.projectId);
  const infoOf = (a: App) => `/apps/${encodeURIComponent(a.appId)}/info`;
  const set = (change: Partial<AppFilters>) => setFilters((f) => ({ ...f, ...change }));

  const columns = [
    {
      key: 'name',
      title: t('fields.name'),
      render: (_: unknown, a: App) => (
        <Space orientation="vertical" size={0}>
          <Link to={infoOf(a)}>
            <Typography.Text strong>{a.name}</Typography.Text>
          </Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {a.packageName}
          </Typography.Text>
        </Space>
      ),
    },
    { key: 'platform', title: t('fields.platform'), render: (_: unknown, a: App) => t(`platforms.${a.platform}`) },
    { key: 'category', title: t('fields.category'), render: (_: unknown, a: App) => <Tag>{t(`categories.${a.category}`)}</Tag> },
    {
      key: 'project',
      title: t('fields.project'),
      render: (_: unknown, a: App) => <Link to={`/projects/${encodeURIComponent(a.projectId)}/settings`}>{projectName(a.projectId)}</Link>,
    },
    { key: 'developStatus', title: t('fields.developStatus'), render: (_: unknown, a: App) => <Tag color="blue">{t(`developStatus.${a.developStatus}`)}</Tag> },
    { key: 'createdAt', title: t('fields.createdAt'), render: (_: unknown, a: App) => display.date(a.createdAt) },
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
        {canCreate && (
          <Button type="primary" onClick={() => setCreating(true)} data-report-click="apps.create">
            {t('list.create')}
          </Button>
        )}
      </Flex>
      {notices}
      <Flex align="center" style={{ marginBottom: 16 }} gap="middle" wrap>
        <Input.Search allowClear placeholder={t('list.search')} aria-label={t('list.search')} onSearch={(v) => set({ search: v.trim() || undefined })} style={{ maxWidth: 300 }} />
        <Select allowClear placeholder={t('list.allPlatforms')} aria-label={t('fields.platform')} options={platformOptions(t)} value={filters.platform} onChange={(v?: string) => set({ platform: v })} style={{ minWidth: 160 }} />
        <Select allowClear placeholder={t('list.allCategories')} aria-label={t('fields.category')} options={categoryOptions(t)} value={filters.category} onChange={(v?: string) => set({ category: v })} style={{ minWidth: 140 }} />
        <ProjectSelect allowClear placeholder={t('list.allProjects')} aria-label={t('fields.project')} value={filters.projectId} onChange={(v) => set({ projectId: v })} style={{ minWidth: 200 }} />
        {total !== undefined && <Typography.Text type="secondary">{t('list.count', { count: total })}</Typography.Text>}
      </Flex>
      <Table<App>
        rowKey="appId"
        columns={columns}
        dataSource={rows}
        loading={apps.isPending}
        pagination={false}
        onRow={(a) => ({ onDoubleClick: () => void navigate(infoOf(a)) })}
        locale={{
          emptyText: filtered ? (
            <Empty description={t('list.noMatch')} />
          ) : (
            <Empty description={canCreate ? t('list.empty') : t('list.emptyReadOnly')}>
              {canCreate && (
                <Button type="primary" onClick={() => setCreating(true)}>
                  {t('list.create')}
                </Button>
              )}
            </Empty>
          ),
        }}
      />
      <ShowMore list={apps}>{t('list.more')}</ShowMore>
      <CreateAppDialog open={creating} onClose={() => setCreating(false)} onCreated={(a) => void navigate(infoOf(a))} />
    </PageLayout>
  );
}
