import { Card, Empty, Flex, Skeleton, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { usePermissions } from '../../team/public';
import { AccountsTab } from '../components/AccountsTab';
import { OverviewTab } from '../components/OverviewTab';
import { SqlConsole } from '../components/SqlConsole';
import { useDatabase } from '../hooks';

const TABS = ['console', 'accounts', 'overview'] as const;

/** One database: its SQL console, its accounts and its base info. */
export function DatabasePage() {
  const { t } = useTranslation('databases');
  const { projectId = '', databaseId = '' } = useParams();
  const canManage = usePermissions().can('cloud.manage');
  const one = useDatabase(projectId, databaseId);
  const [search, setSearch] = useSearchParams();
  const tab = TABS.find((x) => x === search.get('tab')) ?? (canManage ? 'console' : 'overview');
  const back = <Link to={`/projects/${projectId}/databases`}>← {t('page.back')}</Link>;
  if (one.isPending) return <Skeleton active />;
  const d = one.data?.database;
  if (!d) return <Card>{back}<Empty description={t('page.notFound')} /></Card>;
  return (
    <Flex vertical gap={8}>
      {back}
      <Typography.Title level={2} style={{ margin: 0 }}>
        {d.name} <Typography.Text type="secondary" style={{ fontSize: 16 }}>{d.pgName}</Typography.Text>
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearch((s) => (s.set('tab', key), s), { replace: true })}
        items={[
          ...(canManage ? [{ key: 'console', label: t('tabs.console'), children: <SqlConsole projectId={projectId} databaseId={databaseId} /> }] : []),
          { key: 'accounts', label: t('tabs.accounts'), children: <AccountsTab projectId={projectId} databaseId={databaseId} canManage={canManage} /> },
          { key: 'overview', label: t('tabs.overview'), children: <OverviewTab database={d} /> },
        ]}
      />
    </Flex>
  );
}
