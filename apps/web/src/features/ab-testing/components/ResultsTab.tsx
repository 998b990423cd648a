import { Alert, Card, Empty, Flex, Skeleton, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Experiment } from '@wharf/contract';
import { Chart } from '../../../ui/chart/Chart';
import type { ChartSpec } from '../../../ui/chart/spec';
import { useResults } from '../api/queries';
import { MetricCard } from './MetricCard';
import { useDisplay } from '../../../session/display';

/** Where the experiment stands: exposures per variant and day, the sample-ratio check, and each metric. */
export function ResultsTab({ appId, experiment }: { appId: string; experiment: Experiment }) {
  const { t } = useTranslation('ab-testing');
  const display = useDisplay();
  const results = useResults(appId, experiment.id, experiment.state === 'running');
  if (experiment.state === 'draft') return <Empty description={t('results.draft')} />;
  if (!results.data) return <Skeleton active />;
  const r = results.data.results;
  if (!r) return <Empty description={t('results.draft')} />;
  const names = experiment.variants.map((v) => v.name);
  const total = r.exposed.reduce((a, b) => a + b, 0);
  let running = r.exposed.map(() => 0);
  const cumulative = r.days.map((d) => (running = running.map((n, i) => n + (d.exposed[i] ?? 0))));
  const exposures: ChartSpec = {
    kind: 'line',
    unit: 'count',
    x: { kind: 'day', values: r.days.map((d) => d.day), label: t('results.day') },
    series: names.map((name, i) => ({ name, values: cumulative.map((row) => row[i] ?? 0) })),
  };
  return (
    <Flex vertical gap="middle">
      <Typography.Text type="secondary">
        {r.final ? t('results.final', { at: display.dateTime(experiment.stoppedAt) }) : t('results.asOf', { at: display.dateTime(r.computedAt) })}
      </Typography.Text>
      {r.srm.mismatch && <Alert type="error" showIcon data-testid="srm" message={t('results.srmTitle')} description={t('results.srmText', { p: r.srm.pValue?.toExponential(1) ?? '' })} />}
      {total === 0 ? (
        <Empty description={t('results.noExposures')} />
      ) : (
        <>
          <Flex gap="middle" wrap data-testid="exposed">
            {names.map((name, i) => (
              <Card key={name} size="small" style={{ flex: '1 1 160px' }}>
                <Statistic title={name} value={display.number(r.exposed[i] ?? 0)} suffix={<Typography.Text type="secondary" style={{ fontSize: 14 }}>{t('results.exposedShare', { share: display.number(Math.round(((r.exposed[i] ?? 0) / total) * 1000) / 10) })}</Typography.Text>} />
              </Card>
            ))}
          </Flex>
          {r.metrics.map((m, i) => (
            <MetricCard key={i} experiment={experiment} result={m} />
          ))}
          <Card size="small" title={t('results.exposuresChart')}>
            <Chart spec={exposures} summary={t('results.exposuresSummary')} emptyText={t('results.noExposures')} height={220} />
          </Card>
        </>
      )}
    </Flex>
  );
}
