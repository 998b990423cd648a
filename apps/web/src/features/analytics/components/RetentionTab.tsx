import { Card, Empty, Flex, Skeleton, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '@wharf/rules';
import { Chart } from '../../../ui/chart/Chart';
import type { ChartSpec } from '../../../ui/chart/spec';
import { useRetention } from '../api/queries';
import { useRange } from '../use-range';
import { RangeBar } from './RangeBar';

const share = (n: number, of: number) => (of ? (n / of) * 100 : 0);

/** Retention: each day's new users, and how many came back 1, 7 and 30 days later (a table and the curve). */
export function RetentionTab({ appId, timeZone }: { appId: string; timeZone: string }) {
  const { t, i18n } = useTranslation('analytics');
  const { today, range, compare, change } = useRange(timeZone);
  const retention = useRetention(appId, range);
  const bar = <RangeBar range={range} today={today} compare={compare} timeZone={timeZone} onChange={change} comparable={false} />;
  const data = retention.data;
  if (!data) return <Flex vertical gap="middle">{bar}<Skeleton active paragraph={{ rows: 6 }} /></Flex>;
  const percent = (n: number) => `${formatNumber(Math.round(n * 10) / 10, i18n.language)} %`;
  const curve: ChartSpec = {
    kind: 'line',
    unit: 'percent',
    x: { kind: 'category', values: data.curve.map((p) => t('retention.dayN', { n: p.offset })), label: t('retention.after') },
    series: [{ name: t('retention.returned'), values: data.curve.map((p) => share(p.users, p.of)) }],
  };
  return (
    <Flex vertical gap="middle">
      {bar}
      {data.cohorts.length === 0 ? (
        <Empty description={t('retention.empty')} />
      ) : (
        <>
          <Card title={t('retention.curve')} size="small">
            <Chart spec={curve} summary={t('retention.curveSummary', { from: formatDate(range.from, i18n.language), to: formatDate(range.to, i18n.language) })} emptyText={t('retention.empty')} />
          </Card>
          <Card title={t('retention.cohorts')} size="small">
            <Table
              size="small"
              rowKey="day"
              pagination={false}
              data-testid="retention-cohorts"
              dataSource={data.cohorts}
              columns={[
                { title: t('retention.cohort'), dataIndex: 'day', render: (d: string) => formatDate(d, i18n.language) },
                { title: t('kpi.newUsers'), dataIndex: 'users', align: 'right', render: (n: number) => formatNumber(n, i18n.language) },
                ...data.offsets.map((offset, i) => ({
                  title: t('retention.dayN', { n: offset }),
                  key: `d${offset}`,
                  align: 'right' as const,
                  render: (_: unknown, c: (typeof data.cohorts)[number]) => {
                    const n = c.returned[i];
                    if (n === null || n === undefined) return <Typography.Text type="secondary">{t('retention.notYet')}</Typography.Text>;
                    const p = share(n, c.users);
                    // The deeper the colour, the more came back: the table reads as a heat map.
                    return <span style={{ display: 'inline-block', minWidth: 88, padding: '0 6px', borderRadius: 4, background: `rgba(22, 119, 255, ${(p / 100) * 0.6 + 0.04})` }}>{`${formatNumber(n, i18n.language)} · ${percent(p)}`}</span>;
                  },
                })),
              ]}
            />
          </Card>
        </>
      )}
    </Flex>
  );
}
