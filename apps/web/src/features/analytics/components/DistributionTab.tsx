import { Card, Empty, Flex, Skeleton, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { countryById, formatDate, formatNumber, type Language } from '@wharf/rules';
import { Chart } from '../../../ui/chart/Chart';
import type { ChartSpec } from '../../../ui/chart/spec';
import { useDistribution } from '../api/queries';
import { useRange } from '../use-range';
import { Kpi } from './Kpi';
import { RangeBar } from './RangeBar';

const share = (n: number, of: number) => (of ? Math.round((n / of) * 1000) / 10 : 0);
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/**
 * Distribution: what the store did for the app (downloads, update checks), the installs the
 * app reported back, how its versions spread over its active devices, where its downloads
 * went, and how each phased release was taken up against its target.
 */
export function DistributionTab({ appId, timeZone }: { appId: string; timeZone: string }) {
  const { t, i18n } = useTranslation('analytics');
  const { today, range, compare, change } = useRange(timeZone);
  const distribution = useDistribution(appId, range);
  const bar = <RangeBar range={range} today={today} compare={compare} timeZone={timeZone} onChange={change} comparable={false} />;
  const data = distribution.data;
  if (!data) return <Flex vertical gap="middle">{bar}<Skeleton active paragraph={{ rows: 8 }} /></Flex>;
  if (!data.hasData) return <Flex vertical gap="middle">{bar}<Empty data-testid="distribution-empty" description={t('distribution.empty')} /></Flex>;
  const days = data.days.map((d) => d.day);
  const period = { from: formatDate(range.from, i18n.language), to: formatDate(range.to, i18n.language) };
  const x = { kind: 'day' as const, values: days, label: t('chart.day') };
  const store: ChartSpec = {
    kind: 'line',
    unit: 'count',
    x,
    series: [
      { name: t('distribution.downloads'), values: data.days.map((d) => d.downloads) },
      { name: t('distribution.installs'), values: data.days.map((d) => d.installs) },
    ],
  };
  const checks: ChartSpec = {
    kind: 'bar',
    unit: 'count',
    x,
    series: [
      { name: t('distribution.updateChecks'), values: data.days.map((d) => d.updateChecks) },
      { name: t('distribution.updatesOffered'), values: data.days.map((d) => d.updatesOffered) },
    ],
  };
  const active = days.map((_, i) => sum(data.versions.map((v) => v.devices[i] ?? 0)));
  const adoption: ChartSpec = {
    kind: 'area',
    stacked: true,
    unit: 'percent',
    x,
    series: data.versions.map((v) => ({
      name: v.appVersion === null ? t('distribution.otherVersions') : v.appVersion || t('distribution.unknownVersion'),
      values: v.devices.map((n, i) => (active[i] ? share(n, active[i]!) : null)),
    })),
  };
  const totalDownloads = sum(data.days.map((d) => d.downloads));
  return (
    <Flex vertical gap="middle" style={{ opacity: distribution.isPlaceholderData ? 0.6 : 1 }}>
      {bar}
      <Flex gap="middle" wrap data-testid="distribution-kpis">
        <Kpi title={t('distribution.downloads')} value={totalDownloads} />
        <Kpi title={t('distribution.installs')} value={sum(data.days.map((d) => d.installs))} />
        <Kpi title={t('distribution.updateChecks')} value={sum(data.days.map((d) => d.updateChecks))} />
        <Kpi title={t('distribution.updatesOffered')} value={sum(data.days.map((d) => d.updatesOffered))} />
      </Flex>
      <Flex gap="middle" wrap>
        <Card title={t('distribution.storeChart')} size="small" style={{ flex: '1 1 420px' }}>
          <Chart spec={store} summary={t('distribution.storeSummary', period)} emptyText={t('chart.empty')} height={220} />
        </Card>
        <Card title={t('distribution.checksChart')} size="small" style={{ flex: '1 1 420px' }}>
          <Chart spec={checks} summary={t('distribution.checksSummary', period)} emptyText={t('chart.empty')} height={220} />
        </Card>
      </Flex>
      <Card title={t('distribution.adoptionChart')} size="small">
        <Chart spec={adoption} summary={t('distribution.adoptionSummary', period)} emptyText={t('distribution.noActive')} />
      </Card>
      {data.phased.map((p) => (
        <Card key={p.versionId} title={t('distribution.phasedChart', { version: p.versionName })} size="small">
          <Chart
            spec={{
              kind: 'line',
              unit: 'percent',
              x,
              series: [
                { name: t('distribution.phaseTarget'), values: p.points.map((q) => q.target) },
                { name: t('distribution.phaseAdoption'), values: p.points.map((q) => q.adoption) },
              ],
            }}
            summary={t('distribution.phasedSummary', { ...period, version: p.versionName })}
            emptyText={t('chart.empty')}
            height={220}
          />
        </Card>
      ))}
      <Card title={t('distribution.countries')} size="small">
        {data.countries.length === 0 ? (
          <Typography.Text type="secondary">{t('distribution.noCountries')}</Typography.Text>
        ) : (
          <Table
            size="small"
            rowKey="country"
            data-testid="distribution-countries"
            pagination={data.countries.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
            dataSource={data.countries}
            columns={[
              { title: t('distribution.country'), dataIndex: 'country', render: (c: string) => countryById(c)?.names[i18n.language as Language] ?? (c === 'ZZ' ? t('distribution.unknownCountry') : c) },
              { title: t('distribution.downloads'), dataIndex: 'downloads', align: 'right', render: (n: number) => formatNumber(n, i18n.language) },
              { title: t('distribution.downloadShare'), key: 'share', align: 'right', render: (_: unknown, c: { downloads: number }) => `${formatNumber(share(c.downloads, totalDownloads), i18n.language)} %` },
              { title: t('distribution.installs'), dataIndex: 'installs', align: 'right', render: (n: number) => formatNumber(n, i18n.language) },
            ]}
          />
        )}
      </Card>
    </Flex>
  );
}
