import { Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { usePermissions } from '../../team/public';
import { DataTab } from '../components/DataTab';
import { ObjectTypesTab } from '../components/ObjectTypesTab';
import { ZonesTab } from '../components/ZonesTab';

const TABS = ['types', 'data', 'zones'] as const;

/** Cloud DB: the project's object types, its zones, and the documents in them. */
export function CloudDbPage() {
  const { t } = useTranslation('cloud-db');
  const { projectId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const canManage = usePermissions().can('cloud.manage');
  const tab = TABS.find((x) => x === search.get('tab')) ?? 'types';
  return (
    <>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {t('page.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 760 }}>
        {t('page.text')}
      </Typography.Paragraph>
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearch((s) => (s.set('tab', key), s), { replace: true })}
        items={[
          { key: 'types', label: t('tabs.types'), children: <ObjectTypesTab projectId={projectId} canManage={canManage} /> },
          { key: 'data', label: t('tabs.data'), children: <DataTab projectId={projectId} canManage={canManage} /> },
          { key: 'zones', label: t('tabs.zones'), children: <ZonesTab projectId={projectId} canManage={canManage} /> },
        ]}
      />
    </>
  );
}
