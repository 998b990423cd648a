import { Alert, Breadcrumb, Button, Flex, Popconfirm, Skeleton, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { LATEST } from '@wharf/rules';
import { useAct } from '../../../ui/use-act';
import { usePermissions } from '../../team/public';
import { useFunctionChanges } from '../api/mutations';
import { useFunction } from '../api/queries';
import { AliasesTab } from '../components/AliasesTab';
import { CodeTab } from '../components/CodeTab';
import { InstancesTab } from '../components/InstancesTab';
import { LogsTab } from '../components/LogsTab';
import { MetricsTab } from '../components/MetricsTab';
import { TestTab } from '../components/TestTab';
import { TriggersTab } from '../components/TriggersTab';
import { VersionsTab } from '../components/VersionsTab';

const TABS = ['code', 'test', 'versions', 'aliases', 'triggers', 'logs', 'metrics', 'instances'] as const;

/** One function: its code and settings, a test call, its versions and aliases. */
export function FunctionPage() {
  const { t } = useTranslation('cloud-functions');
  const { projectId = '', functionId = '' } = useParams();
  const navigate = useNavigate();
  const act = useAct();
  const found = useFunction(projectId, functionId);
  const changes = useFunctionChanges(projectId, functionId);
  const canManage = usePermissions().can('cloud.manage');
  // The tab is kept in the address: a reload or the way back keeps it.
  const [search, setSearch] = useSearchParams();
  const tab = TABS.find((x) => x === search.get('tab')) ?? 'code';
  // Leaving a tab drops its own address parameters (the logs' search).
  const setTab = (key: string) => setSearch(key === 'code' ? {} : { tab: key }, { replace: true });
  const back = <Link to={`/projects/${projectId}/cloud-functions`}>{t('page.title')}</Link>;
  if (found.isError) return <Alert type="warning" showIcon message={t('function.notFound')} action={back} />;
  if (!found.data) return <Skeleton active />;
  const fn = found.data.function;
  const remove = async () => {
    if (await act(changes.remove.mutateAsync(), t('function.deleted', { name: fn.name }))) void navigate(`/projects/${projectId}/cloud-functions`);
  };
  return (
    <Flex vertical gap="middle">
      <Breadcrumb items={[{ title: back }, { title: fn.name }]} />
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={2} style={{ margin: 0 }}>
          {fn.name} <Tag>Node.js 20</Tag>
          {fn.latestVersion === null ? <Tag>{t('versions.none')}</Tag> : <Tag color="blue">{t('versions.number', { version: fn.latestVersion })}</Tag>}
        </Typography.Title>
        {canManage && (
          <Popconfirm title={t('function.deleteConfirm', { name: fn.name })} description={t('function.deleteText')} okText={t('actions.delete')} okButtonProps={{ danger: true }} onConfirm={remove}>
            <Button danger>{t('function.delete')}</Button>
          </Popconfirm>
        )}
      </Flex>
      <Typography.Text>
        {t('function.trigger')}{' '}
        <Typography.Text code copyable>
          {`${fn.triggerUrl}${LATEST}`}
        </Typography.Text>
      </Typography.Text>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'code', label: t('tabs.code'), children: <CodeTab projectId={projectId} fn={fn} sources={found.data.sources} files={found.data.files} canManage={canManage} /> },
          { key: 'test', label: t('tabs.test'), children: <TestTab projectId={projectId} fn={fn} canManage={canManage} /> },
          { key: 'versions', label: t('tabs.versions'), children: <VersionsTab projectId={projectId} fn={fn} canManage={canManage} /> },
          { key: 'aliases', label: t('tabs.aliases'), children: <AliasesTab projectId={projectId} fn={fn} canManage={canManage} /> },
          { key: 'triggers', label: t('tabs.triggers'), children: <TriggersTab projectId={projectId} functionId={functionId} canManage={canManage} /> },
          { key: 'logs', label: t('tabs.logs'), children: <LogsTab projectId={projectId} functionId={functionId} /> },
          { key: 'metrics', label: t('tabs.metrics'), children: <MetricsTab projectId={projectId} functionId={functionId} canManage={canManage} /> },
          { key: 'instances', label: t('tabs.instances'), children: <InstancesTab projectId={projectId} functionId={functionId} canManage={canManage} /> },
        ]}
      />
    </Flex>
  );
}
