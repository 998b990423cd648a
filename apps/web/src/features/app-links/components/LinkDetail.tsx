import { Descriptions, Drawer, Empty, Flex, Segmented, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Link } from '@wharf/contract';
import { formatDate } from '@wharf/rules';
import { Chart } from '../../../ui/chart/Chart';
import type { ChartSpec } from '../../../ui/chart/spec';
import { useLinkStats } from '../api/queries';
import { QrCode } from './QrCode';

/** One link: its address with a QR code, where it sends each platform, and its clicks, first opens and re-opens as charts. */
export function LinkDetail({ projectId, link, onClose }: { projectId: string; link: Link; onClose: () => void }) {
  const { t, i18n } = useTranslation('app-links');
  const [days, setDays] = useState(30);
  const stats = useLinkStats(projectId, link.linkId, days);
  const s = stats.data?.stats;
  const x = { kind: 'day' as const, values: s?.days.map((d) => d.day) ?? [], label: t('detail.day') };
  const daily: ChartSpec = {
    kind: 'line',
    unit: 'count',
    x,
    series: [
      { name: t('detail.clicks'), values: s?.days.map((d) => d.clicks) ?? [] },
      { name: t('detail.firstOpens'), values: s?.days.map((d) => d.firstOpens) ?? [] },
      { name: t('detail.reopens'), values: s?.days.map((d) => d.reopens) ?? [] },
    ],
  };
  const slice = (rows: Array<{ key: string; clicks: number }>, label: string, name: (k: string) => string): ChartSpec => ({
    kind: 'bar',
    unit: 'count',
    x: { kind: 'category', values: rows.map((r) => name(r.key)), label },
    series: [{ name: t('detail.clicks'), values: rows.map((r) => r.clicks) }],
  });
  const none = t('detail.none');
  return (
    <Drawer open title={link.name || link.suffix} width={760} onClose={onClose} destroyOnHidden>
      <Flex vertical gap="large">
        <Flex gap="large" wrap>
          <QrCode text={link.shortLink} fileName={`${link.suffix}.png`} />
          <Descriptions column={1} size="small" style={{ flex: 1, minWidth: 280 }}>
            <Descriptions.Item label={t('detail.shortLink')}>
              <Typography.Text copyable>{link.shortLink}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.deepLink')}>{link.deepLink}</Descriptions.Item>
            <Descriptions.Item label={t('detail.android')}>{link.androidAppId ? t('detail.storePage') : (link.androidFallbackUrl ?? none)}</Descriptions.Item>
            <Descriptions.Item label={t('detail.harmony')}>{link.harmonyAppId || (!link.harmonyFallbackUrl && link.androidAppId) ? t('detail.storePage') : (link.harmonyFallbackUrl ?? link.androidFallbackUrl ?? none)}</Descriptions.Item>
            <Descriptions.Item label={t('detail.ios')}>{link.iosFallbackUrl ?? (link.iosAppStoreId ? `App Store ${link.iosAppStoreId}` : none)}</Descriptions.Item>
            <Descriptions.Item label={t('detail.desktop')}>{link.desktopUrl ?? none}</Descriptions.Item>
            <Descriptions.Item label={t('detail.expires')}>{link.expiresAt ? formatDate(link.expiresAt, i18n.language) : t('detail.never')}</Descriptions.Item>
          </Descriptions>
        </Flex>
        <Segmented value={days} onChange={(v) => setDays(Number(v))} options={[7, 30, 90].map((n) => ({ value: n, label: t('detail.days', { n }) }))} />
        {stats.isPending || !s ? (
          <Skeleton active />
        ) : s.totals.clicks + s.totals.firstOpens + s.totals.reopens === 0 ? (
          <Empty description={t('detail.empty')} />
        ) : (
          <>
            <Chart spec={daily} summary={t('detail.dailySummary', { days })} emptyText={t('detail.empty')} />
            <Chart spec={slice(s.platforms, t('detail.platform'), (k) => t(`platform.${k}`))} summary={t('detail.platformSummary', { days })} emptyText={t('detail.empty')} />
            <Chart spec={slice(s.countries, t('detail.country'), (k) => (k === 'ZZ' ? t('detail.unknown') : k))} summary={t('detail.countrySummary', { days })} emptyText={t('detail.empty')} />
            <Chart spec={slice(s.referrers, t('detail.referrer'), (k) => (k === 'direct' ? t('detail.direct') : k))} summary={t('detail.referrerSummary', { days })} emptyText={t('detail.empty')} />
          </>
        )}
      </Flex>
    </Drawer>
  );
}
