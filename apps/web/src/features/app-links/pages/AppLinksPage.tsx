import { Flex, Skeleton, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useSearchState } from '../../../ui/search-state';
import { usePermissions } from '../../team/public';
import { usePrefixes } from '../api/queries';
import { LinksTab } from '../components/LinksTab';
import { PrefixesTab } from '../components/PrefixesTab';
import { SettingsTab } from '../components/SettingsTab';

const TABS = ['links', 'prefixes', 'settings'] as const;

/** App Linking: a project's short links, the prefixes they live under, and its link settings. */
export function AppLinksPage() {
  const { t } = useTranslation('app-links');
  const { projectId = '' } = useParams();
  const [params, go] = useSearchState();
  const prefixes = usePrefixes(projectId);
  const canManage = usePermissions().can('growth.manage');
  if (prefixes.isPending) return <Skeleton active />;
  const list = prefixes.data?.prefixes ?? [];
  // With no prefix yet, the first thing to do is to add one.
  const tab = TABS.find((x) => x === params.get('tab')) ?? (list.length ? 'links' : 'prefixes');
  return (
    <Flex vertical gap="middle">
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('page.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('page.intro')}
      </Typography.Paragraph>
      <Tabs
        activeKey={tab}
        onChange={(key) => go({ tab: key, link: null })}
        destroyOnHidden
        items={[
          { key: 'links', label: t('tabs.links'), children: <LinksTab projectId={projectId} prefixes={list} canManage={canManage} onAddPrefix={() => go({ tab: 'prefixes' })} /> },
          { key: 'prefixes', label: t('tabs.prefixes'), children: <PrefixesTab projectId={projectId} prefixes={list} canManage={canManage} /> },
          { key: 'settings', label: t('tabs.settings'), children: <SettingsTab projectId={projectId} canManage={canManage} /> },
        ]}
      />
    </Flex>
  );
}
