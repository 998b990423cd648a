import { Result, Skeleton, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../app/pages/PageLayout';
import { useApp } from '../../apps/public';
import { useRouteAppId } from '../../console/public';
import { usePermissions } from '../../team/public';
import { GroupsPanel } from '../components/GroupsPanel';
import { TestVersionsPanel } from '../components/TestVersionsPanel';

/** App testing: the app's test versions, and the team's test-user groups with their invitations. */
export function TestingPage() {
  const appId = useRouteAppId();
  const { t } = useTranslation('testing');
  const app = useApp(appId);
  const permissions = usePermissions();
  if (app.isPending) return <Skeleton active />;
  if (!app.data) return <Result status="404" title={t('page.notFound')} />;
  const canManage = permissions.can('test.manage');
  return (
    <PageLayout>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {t('page.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('page.subtitle')}</Typography.Paragraph>
      {!canManage ? (
        <Result status="403" title={t('page.noPermission')} />
      ) : (
        <Tabs
          items={[
            { key: 'versions', label: t('tabs.versions'), children: <TestVersionsPanel appId={app.data.appId} /> },
            { key: 'groups', label: t('tabs.groups'), children: <GroupsPanel /> },
          ]}
        />
      )}
    </PageLayout>
  );
}
