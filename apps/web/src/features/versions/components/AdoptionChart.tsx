import { Empty, Flex, Skeleton, Statistic, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResponseOf, versionApi } from '@wharf/contract';
import { countryById, formatDate, formatNumber, type Language } from '@wharf/rules';
import { Chart } from '../../../ui/chart/Chart';
import type { ChartSpec } from '../../../ui/chart/spec';
import { useDownloadStats } from '../hooks';

type Stats = ResponseOf<typeof versionApi.downloadStats>;

/** Days the chart covers, today included (UTC days, as the server counts them). */
export const ADOPTION_DAYS = 30;
const DAY_MS = 24 * 3600_000;

export function adoptionRange(now: Date, days = ADOPTION_DAYS): { from: string; to: string } {
  return { from: new Date(now.getTime() - (days - 1) * DAY_MS).toISOString().slice(0, 10), to: now.toISOString().slice(0, 10) };
}

/** Every day of the range, oldest first. */
function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(from); t <= Date.parse(to); t += DAY_MS) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

const label = (v: Stats['versions'][number]) => v.versionName ?? String(v.versionCode ?? v.versionId.slice(0, 8));

/** Downloads per day, stacked by version: how fast a new version is taken up. */
export function AdoptionChart({ appId, now = new Date() }: { appId: string; now?: Date }) {
  const { t, i18n } = useTranslation('versions');
  const { from, to } = adoptionRange(now);
  const stats = useDownloadStats(appId, from, to);
  if (stats.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (stats.isError) return <Typography.Text type="danger">{t('adoption.failed')}</Typography.Text>;
  const data = stats.data;
  if (data.total === 0) return <Empty description={t('adoption.empty', { days: ADOPTION_DAYS })} />;
  const counts = new Map(data.days.map((d) => [`${d.day}|${d.versionId}`, d.count]));
  const days = daysOf(from, to);
  const spec: ChartSpec = {
    kind: 'bar',
    stacked: true,
    unit: 'count',
    x: { kind: 'day', values: days, label: t('adoption.day') },
    series: data.versions.map((v) => ({ name: label(v), values: days.map((d) => counts.get(`${d}|${v.versionId}`) ?? 0) })),
  };
  return (
    <Flex vertical gap="middle">
      <Flex gap="large" wrap align="center">
        <Statistic title={t('adoption.total', { days: ADOPTION_DAYS })} value={formatNumber(data.total, i18n.language)} />
        <Flex gap="small" wrap data-testid="adoption-legend">
          {data.versions.map((v) => (
            <Tag key={v.versionId}>{t('adoption.series', { version: label(v), count: formatNumber(v.total, i18n.language) })}</Tag>
          ))}
        </Flex>
      </Flex>
      <Chart spec={spec} summary={t('adoption.chart', { from: formatDate(from, i18n.language), to: formatDate(to, i18n.language) })} emptyText={t('adoption.empty', { days: ADOPTION_DAYS })} />
      <Table
        size="small"
        pagination={false}
        rowKey="country"
        dataSource={data.countries.slice(0, 10)}
        columns={[
          { key: 'country', dataIndex: 'country', title: t('adoption.country'), render: (c: string) => (c === 'ZZ' ? t('adoption.unknownCountry') : (countryById(c)?.names[i18n.language as Language] ?? c)) },
          { key: 'count', dataIndex: 'count', title: t('adoption.downloads'), align: 'right', render: (n: number) => formatNumber(n, i18n.language) },
        ]}
      />
    </Flex>
  );
}
