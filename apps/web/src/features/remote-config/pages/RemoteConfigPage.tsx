import { useState } from 'react';
import { Skeleton, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RemoteTemplate } from '@wharf/contract';
import { useRouteAppId } from '../../console/public';
import { usePermissions } from '../../team/public';
import { useSaveDraft } from '../api/mutations';
import { useRemoteConfig } from '../api/queries';
import { ConditionsTab } from '../components/ConditionsTab';
import { DraftBar } from '../components/DraftBar';
import { ParametersTab } from '../components/ParametersTab';
import { PreviewTab } from '../components/PreviewTab';
import { SettingsTab } from '../components/SettingsTab';
import { TransferButtons } from '../components/TransferButtons';
import { VersionsTab } from '../components/VersionsTab';

/** Remote Configuration: the app's parameters and conditions, published in versions its devices fetch. */
export function RemoteConfigPage() {
  const { t } = useTranslation('remote-config');
  const appId = useRouteAppId();
  const canManage = usePermissions().can('growth.manage');
  const config = useRemoteConfig(appId);
  const save = useSaveDraft(appId);
  const [tab, setTab] = useState('parameters');

  /** Saves the whole draft after one edit; resolves to whether it was saved. */
  const change = async (template: RemoteTemplate): Promise<boolean> => {
    if (!config.data) return false;
    try {
      await save.mutateAsync({ template, revision: config.data.draft.revision });
      return true;
    } catch {
      // the request layer showed the reason (a stale draft: reload it)
      await config.refetch();
      return false;
    }
  };

  return (
    <>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {t('page.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 760 }}>
        {t('page.text')}
      </Typography.Paragraph>
      {!config.data ? (
        <Skeleton active />
      ) : (
        <>
          <DraftBar appId={appId} config={config.data} canManage={canManage} />
          <Tabs
            activeKey={tab}
            onChange={setTab}
            tabBarExtraContent={<TransferButtons appId={appId} template={config.data.draft.template} canManage={canManage} onChange={change} />}
            items={[
              { key: 'parameters', label: t('tabs.parameters', { count: config.data.draft.template.parameters.length }), children: <ParametersTab config={config.data} canManage={canManage} onChange={change} onConditions={() => setTab('conditions')} /> },
              { key: 'conditions', label: t('tabs.conditions', { count: config.data.draft.template.conditions.length }), children: <ConditionsTab template={config.data.draft.template} canManage={canManage} onChange={change} /> },
              { key: 'preview', label: t('preview.tab'), children: <PreviewTab appId={appId} template={config.data.draft.template} /> },
              { key: 'versions', label: t('tabs.versions'), children: <VersionsTab appId={appId} published={config.data.published?.number ?? 0} canManage={canManage} /> },
              { key: 'settings', label: t('tabs.settings'), children: <SettingsTab appId={appId} settings={config.data.settings} canManage={canManage} /> },
            ]}
          />
        </>
      )}
    </>
  );
}
