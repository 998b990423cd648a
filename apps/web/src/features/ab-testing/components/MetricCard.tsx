import { Card, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Experiment, MetricResult } from '@wharf/contract';
import { Chart } from '../../../ui/chart/Chart';
import type { ChartSpec } from '../../../ui/chart/spec';
import { metricText } from './words';
import { useDisplay } from '../../../session/display';

const pct = (n: number) => Math.round(n * 1000) / 10;

/** A probability as a share; the ends are said as bounds (a posterior is never quite 0 or 100%). */
function chance(n: number | null, number: (n: number) => string): string {
  if (n === null) return '—';
  if (n > 0.999) return `> ${number(99.9)} %`;
  if (n < 0.001) return `< ${number(0.1)} %`;
  return `${number(pct(n))} %`;
}

/** One metric: each variant's figure, its difference from the baseline with the 95% interval (chart and table), who leads. */
export function MetricCard({ experiment, result }: { experiment: Experiment; result: MetricResult }) {
  const { t } = useTranslation('ab-testing');
  const display = useDisplay();
  const share = result.metric.kind !== 'value';
  const unit = share ? 'percent' : 'count';
  const figure = (n: number | null) => (n === null ? '—' : share ? `${display.number(pct(n))} %` : display.number(Math.round(n * 100) / 100));
  const points = (n: number) => (share ? pct(n) : Math.round(n * 100) / 100);
  const signed = (n: number | null) => (n === null ? '—' : `${n > 0 ? '+' : ''}${share ? t('results.points', { n: display.number(pct(n)) }) : display.number(Math.round(n * 100) / 100)}`);
  const names = experiment.variants.map((v) => v.name);
  const others = result.variants.slice(1);
  const spec: ChartSpec = {
    kind: 'bar',
    unit,
    x: { kind: 'category', values: names.slice(1), label: t('results.variant') },
    series: [{ name: t('results.difference'), values: others.map((v) => (v.difference === null ? null : points(v.difference))) }],
    intervals: { name: t('results.interval'), values: others.map((v) => (v.interval ? ([points(v.interval[0]), points(v.interval[1])] as const) : null)) },
  };
  const smallest = Math.min(...result.variants.map((v) => v.users));
  return (
    <Card
      size="small"
      data-testid={result.primary ? 'primary-metric' : undefined}
      title={
        <Flex gap="small" align="center">
          {result.primary && <Tag color="blue">{t('results.primary')}</Tag>}
          {metricText(result.metric, t)}
        </Flex>
      }
      extra={result.leader !== null ? <Tag color="green" data-testid="leader">{t('results.leader', { name: names[result.leader] })}</Tag> : <Tag>{t('results.noLeader')}</Tag>}
    >
      <Table
        size="small"
        pagination={false}
        rowKey="name"
        dataSource={result.variants.map((v, i) => ({ ...v, name: names[i] ?? String(i), index: i }))}
        columns={[
          { title: t('results.variant'), dataIndex: 'name', render: (name: string, row) => (row.index === 0 && !name.toLowerCase().includes(t('results.baseline').toLowerCase()) ? `${name} (${t('results.baseline')})` : name) },
          { title: t('results.users'), dataIndex: 'users', align: 'right', render: (n: number) => display.number(n) },
          { title: share ? t('results.converted') : t('results.sum'), dataIndex: 'total', align: 'right', render: (n: number) => display.number(Math.round(n * 100) / 100) },
          { title: share ? t('results.rate') : t('results.mean'), dataIndex: 'mean', align: 'right', render: figure },
          { title: t('results.difference'), key: 'difference', align: 'right', render: (_, v) => (v.index === 0 ? '—' : `${signed(v.difference)}${v.interval ? ` [${display.number(points(v.interval[0]))} … ${display.number(points(v.interval[1]))}]` : ''}`) },
          { title: t('results.relative'), dataIndex: 'relative', align: 'right', render: (n: number | null) => (n === null ? '—' : `${n > 0 ? '+' : ''}${display.number(pct(n))} %`) },
          { title: t('results.probability'), dataIndex: 'probabilityToBeat', align: 'right', render: (n: number | null) => chance(n, display.number) },
        ]}
      />
      {others.some((v) => v.interval) && (
        <div style={{ marginTop: 16 }}>
          <Chart spec={spec} summary={t('results.chartSummary', { metric: metricText(result.metric, t) })} emptyText={t('results.noData')} height={200} />
        </div>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {result.sampleNeeded === null
          ? t('results.sampleUnknown')
          : smallest >= result.sampleNeeded
            ? t('results.sampleEnough', { needed: display.number(result.sampleNeeded) })
            : t('results.sampleNeeded', { needed: display.number(result.sampleNeeded), smallest: display.number(smallest) })}
      </Typography.Paragraph>
    </Card>
  );
}
