import { Card, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '@wharf/rules';
import { Chart } from '../../../ui/chart/Chart';
import type { ChartSpec } from '../../../ui/chart/spec';
import { useOverview } from '../api/queries';
import { useRange } from '../use-range';
import { IndustryCard } from './IndustryCard';
import { Kpi } from './Kpi';
import { RangeBar } from './RangeBar';
import { StartSending } from './StartSending';
import { useSeconds } from './use-seconds';

/** The app overview: headline numbers of the range (against the period before) and their days as charts. */
export function OverviewTab({ appId, timeZone }: { appId: string; timeZone: string }) {
  const { t, i18n } = useTranslation('analytics');
  const { today, range, compare, change } = useRange(timeZone);
  const overview = useOverview(appId, { ...range, compare });
  const seconds = useSeconds();

  const data = overview.data;
  const bar = <RangeBar range={range} today={today} compare={compare} timeZone={timeZone} onChange={change} />;
  if (!data) return <Flex vertical gap="middle">{bar}<Skeleton active paragraph={{ rows: 8 }} /></Flex>;
  if (!data.hasData) return <Flex vertical gap="middle">{bar}<StartSending /></Flex>;
  const days = data.days.map((d) => d.day);
  const period = { from: formatDate(range.from, i18n.language), to: formatDate(range.to, i18n.language) };
  const before = data.previous ?? undefined;
  const users: ChartSpec = {
    kind: 'line',
    unit: 'count',
    x: { kind: 'day', values: days, label: t('chart.day') },
    series: [
      { name: t('kpi.activeUsers'), values: data.days.map((d) => d.activeUsers) },
      { name: t('kpi.newUsers'), values: data.days.map((d) => d.newUsers) },
    ],
  };
  const sessions: ChartSpec = { kind: 'bar', unit: 'count', x: { kind: 'day', values: days, label: t('chart.day') }, series: [{ name: t('kpi.sessions'), values: data.days.map((d) => d.sessions) }] };
  const events: ChartSpec = { kind: 'bar', unit: 'count', x: { kind: 'day', values: days, label: t('chart.day') }, series: [{ name: t('kpi.events'), values: data.days.map((d) => d.events) }] };
  return (
    <Flex vertical gap="middle" style={{ opacity: overview.isPlaceholderData ? 0.6 : 1 }}>
      {bar}
      <Flex gap="middle" wrap data-testid="analytics-kpis">
        <Kpi title={t('kpi.activeUsers')} value={data.totals.activeUsers} before={before?.activeUsers} />
        <Kpi title={t('kpi.newUsers')} value={data.totals.newUsers} before={before?.newUsers} />
        <Kpi title={t('kpi.sessions')} value={data.totals.sessions} before={before?.sessions} />
        <Kpi title={t('kpi.sessionLength')} value={data.totals.averageSessionSeconds} before={before?.averageSessionSeconds} format={seconds} />
        <Kpi title={t('kpi.events')} value={data.totals.events} before={before?.events} />
        <Kpi title={t('kpi.downloads')} value={data.totals.downloads} before={before?.downloads} />
        <Kpi title={t('kpi.updateChecks')} value={data.totals.updateChecks} before={before?.updateChecks} />
        {data.totals.crashFreeUsers !== null && (
          <Kpi title={t('kpi.crashFree')} value={data.totals.crashFreeUsers} before={before?.crashFreeUsers ?? undefined} format={(v) => `${formatNumber(v, i18n.language)} %`} />
        )}
      </Flex>
      <Typography.Text type="secondary">
        {t('kpi.reach', { weekly: formatNumber(data.weeklyActiveUsers, i18n.language), monthly: formatNumber(data.monthlyActiveUsers, i18n.language), day: period.to })}
      </Typography.Text>
      <Card title={t('chart.users')} size="small">
        <Chart spec={users} summary={t('chart.usersSummary', period)} emptyText={t('chart.empty')} />
      </Card>
      <Flex gap="middle" wrap>
        <Card title={t('chart.sessions')} size="small" style={{ flex: '1 1 420px' }}>
          <Chart spec={sessions} summary={t('chart.sessionsSummary', period)} emptyText={t('chart.empty')} height={200} />
        </Card>
        <Card title={t('chart.events')} size="small" style={{ flex: '1 1 420px' }}>
          <Chart spec={events} summary={t('chart.eventsSummary', period)} emptyText={t('chart.empty')} height={200} />
        </Card>
      </Flex>
      <IndustryCard appId={appId} range={range} />
    </Flex>
  );
}
