import { Skeleton, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteAppId } from '../../console/public';
import { usePermissions } from '../../team/public';
import { useAnalyticsSettings } from '../api/queries';
import { usePageState } from '../use-range';
import { AudiencesTab } from '../components/AudiencesTab';
import { DistributionTab } from '../components/DistributionTab';
import { EventsTab } from '../components/EventsTab';
import { FunnelTab } from '../components/FunnelTab';
import { OverviewTab } from '../components/OverviewTab';
import { PortraitTab } from '../components/PortraitTab';
import { ReportsTab } from '../components/ReportsTab';
import { RetentionTab } from '../components/RetentionTab';
import { SettingsTab } from '../components/SettingsTab';

/** App Analytics: what the app's users do, from the events its devices send. */
export function AnalyticsPage() {
  const { t } = useTranslation('analytics');
  const appId = useRouteAppId();
  const permissions = usePermissions();
  const canManage = permissions.can('app.manage');
  const canGrow = permissions.can('growth.manage');
  const settings = useAnalyticsSettings(appId);
  const { get, set } = usePageState();
  const tab = get('tab') || 'overview';
  return (
    <>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {t('page.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 760 }}>
        {t('page.text')}
      </Typography.Paragraph>
      {!settings.data ? (
        <Skeleton active />
      ) : (
        <Tabs
          activeKey={tab}
          // Only the active tab is drawn: the others ask the server nothing until opened.
          destroyOnHidden
          onChange={(key) => set({ tab: key })}
          items={[
            { key: 'overview', label: t('tabs.overview'), children: <OverviewTab appId={appId} timeZone={settings.data.settings.timeZone} /> },
            { key: 'distribution', label: t('tabs.distribution'), children: <DistributionTab appId={appId} timeZone={settings.data.settings.timeZone} /> },
            { key: 'retention', label: t('tabs.retention'), children: <RetentionTab appId={appId} timeZone={settings.data.settings.timeZone} /> },
            { key: 'funnels', label: t('tabs.funnels'), children: <FunnelTab appId={appId} timeZone={settings.data.settings.timeZone} /> },
            { key: 'portrait', label: t('tabs.portrait'), children: <PortraitTab appId={appId} timeZone={settings.data.settings.timeZone} /> },
            { key: 'events', label: t('tabs.events'), children: <EventsTab appId={appId} timeZone={settings.data.settings.timeZone} /> },
            { key: 'audiences', label: t('tabs.audiences'), children: <AudiencesTab appId={appId} timeZone={settings.data.settings.timeZone} canManage={canGrow} /> },
            { key: 'reports', label: t('tabs.reports'), children: <ReportsTab appId={appId} timeZone={settings.data.settings.timeZone} canManage={canManage} /> },
            { key: 'settings', label: t('tabs.settings'), children: <SettingsTab key={JSON.stringify(settings.data.settings)} appId={appId} settings={settings.data.settings} canManage={canManage} /> },
          ]}
        />
      )}
    </>
  );
}
