import { Skeleton, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMe } from '../../accounts/hooks';
import { ContentTab } from '../components/ContentTab';
import { OperatorsTab } from '../components/OperatorsTab';
import { StatusResult } from '../../../ui/StatusResult';

const TABS = ['news', 'billboard', 'discounts', 'operators'] as const;

/** What the platform's administrators manage: public content and the operators themselves. */
export function PlatformPage() {
  const { t } = useTranslation('platform');
  const me = useMe();
  const [search, setSearch] = useSearchParams();
  const tab = TABS.find((x) => x === search.get('tab')) ?? 'news';
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
        items={TABS.map((key) => ({ key, label: t(`tabs.${key}`), children: key === 'operators' ? <OperatorsTab /> : <ContentTab kind={key} /> }))}
      />
    </>
  );
}
