import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDistributionGlance } from '../hooks';
import { useDisplay } from '../../../session/display';

/** One line above the versions: whether the app is in the store, a phase running, downloads of the last 30 days. */
export function DistributionGlance({ appId }: { appId: string }) {
  const { t } = useTranslation('versions');
  const display = useDisplay();
  const glance = useDistributionGlance(appId);
  if (!glance.data) return null;
  const { listed, onShelf, downloads } = glance.data;
  return (
    <Space wrap data-testid="distribution-glance">
      <Tag color={listed ? 'green' : 'default'}>{listed ? (onShelf?.noPackage ? t('glance.preRegistration') : t('glance.listed')) : t('glance.notListed')}</Tag>
      {onShelf?.phase && <Tag color="blue">{t('glance.phase', { percent: display.number(onShelf.phase.percent) })}</Tag>}
      <Typography.Text type="secondary">{t('glance.downloads', { total: display.number(downloads.total) })}</Typography.Text>
    </Space>
  );
}
