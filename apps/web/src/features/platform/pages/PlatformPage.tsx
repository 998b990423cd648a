import { Skeleton, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMe } from '../../accounts/hooks';
import { OperatorsTab } from '../components/OperatorsTab';
import { StatusResult } from '../../../ui/StatusResult';
import type { ReactNode } from 'react';

/** A tab another family adds to the platform page (content adds news, billboard, discounts). */
export interface PlatformTab {
  key: string;
  label: ReactNode;
  children: ReactNode;
}

/**
 * What the platform's administrators manage: the operators themselves, and what other
 * families add (public content), as the shell passes it.
 */
export function PlatformPage({ tabs = [] }: { tabs?: readonly PlatformTab[] }) {
  const { t } = useTranslation('platform');
  const me = useMe();
  const [search, setSearch] = useSearchParams();
  const items = [...tabs, { key: 'operators', label: t('tabs.operators'), children: <OperatorsTab /> }];
  const tab = items.find((x) => x.key === search.get('tab'))?.key ?? items[0]!.key;
  // Nothing is asked of the server before it is known who asks.
  if (!me.data) return <Skeleton active />;
  if (!me.data.operatorRoles.includes('admin')) return <StatusResult status="403" title={t('forbidden')} />;
  return (
    <>
      <Typography.Title level={2}>{t('title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearch({ tab: key }, { replace: true })}
        items={items}
      />
    </>
  );
}
