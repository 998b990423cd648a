import { Flex, Segmented, Select, Skeleton, Statistic, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LATEST, formatNumber } from '@wharf/rules';
import type { InvocationRow } from '@wharf/contract';
import { useDisplay } from '../../../session/display';
import { Chart } from '../../../ui/chart/Chart';
import { formatValue, type ChartSpec } from '../../../ui/chart/spec';
import { useAliases, useFunctionMetrics, useInvocations, useVersions } from '../api/queries';
import { AlarmsPanel } from './AlarmsPanel';

type Range = '1h' | '24h' | '7d';
const MB = 1024 * 1024;
const OUTCOME_COLORS: Record<InvocationRow['outcome'], string> = { ok: 'green', error: 'red', timeout: 'orange', crashed: 'magenta', throttled: 'gold' };

/** The function's calls as charts (calls and errors, duration percentiles) over an hour, a day or a week, its alarms, and its latest calls. */
export function MetricsTab({ projectId, functionId, canManage }: { projectId: string; functionId: string; canManage: boolean }) {
  const { t, i18n } = useTranslation('cloud-functions');
  const display = useDisplay();
  const [range, setRange] = useState<Range>('24h');
  const [qualifier, setQualifier] = useState<string | undefined>(undefined);
  const [outcome, setOutcome] = useState<string | undefined>(undefined);
  const metrics = useFunctionMetrics(projectId, functionId, range, qualifier);
  const versions = useVersions(projectId, functionId);
  const aliases = useAliases(projectId, functionId);
  const calls = useInvocations(projectId, functionId, outcome);
  const m = metrics.data;
  const time = (at: string) => (range === '7d' ? display.dateTime(at) : display.dateTime(at).split(' ').at(-1)!);
  const x = { kind: 'category' as const, values: m?.points.map((p) => time(p.at)) ?? [], label: t('metrics.time') };
  const callsSpec: ChartSpec = {
    kind: 'bar',
    unit: 'count',
    x,
    series: [
      { name: t('metrics.invocations'), values: m?.points.map((p) => p.invocations - p.errors - p.throttles) ?? [] },
      { name: t('metrics.errors'), values: m?.points.map((p) => p.errors) ?? [] },
      { name: t('metrics.throttles'), values: m?.points.map((p) => p.throttles) ?? [] },
    ],
    stacked: true,
  };
  const durationSpec: ChartSpec = {
    kind: 'line',
    unit: 'duration',
    x,
    series: (['p50', 'p95', 'p99'] as const).map((k) => ({ name: k, values: m?.points.map((p) => p[k]) ?? [] })),
  };
  const memorySpec: ChartSpec = { kind: 'line', unit: 'bytes', x, series: [{ name: t('metrics.memoryMax'), values: m?.points.map((p) => (p.memoryMax === null ? null : p.memoryMax * MB)) ?? [] }] };
  const errorRate = m && m.totals.invocations ? (m.totals.errors / m.totals.invocations) * 100 : null;
  const qualifiers = [
    { value: '', label: t('metrics.everyVersion') },
    { value: LATEST, label: LATEST },
    ...(versions.data?.versions ?? []).map((v) => ({ value: String(v.version), label: t('versions.number', { version: v.version }) })),
    ...(aliases.data?.aliases ?? []).map((a) => ({ value: a.name, label: a.name })),
  ];
  return (
    <Flex vertical gap="middle">
      <Flex gap="small" wrap>
        <Segmented<Range> value={range} onChange={setRange} options={(['1h', '24h', '7d'] as const).map((r) => ({ value: r, label: t(`metrics.range.${r}`) }))} />
        <Select aria-label={t('metrics.qualifier')} value={qualifier ?? ''} onChange={(v: string) => setQualifier(v || undefined)} options={qualifiers} style={{ minWidth: 180 }} />
      </Flex>
      {metrics.isPending || !m ? (
        <Skeleton active />
      ) : (
        <>
          <Flex gap="large" wrap>
            <Statistic title={t('metrics.invocations')} value={formatNumber(m.totals.invocations, i18n.language)} />
            <Statistic title={t('metrics.errorRate')} value={errorRate === null ? '—' : `${formatNumber(Math.round(errorRate * 10) / 10, i18n.language)} %`} />
            <Statistic title={t('metrics.throttles')} value={formatNumber(m.totals.throttles, i18n.language)} />
            <Statistic title={t('metrics.coldStarts')} value={formatNumber(m.totals.coldStarts, i18n.language)} />
            {(['p50', 'p95', 'p99'] as const).map((k) => (
              <Statistic key={k} title={t('metrics.duration', { p: k })} value={formatValue('duration', m.totals[k], i18n.language)} />
            ))}
            <Statistic title={t('metrics.memoryMax')} value={formatValue('bytes', m.totals.memoryMax === null ? null : m.totals.memoryMax * MB, i18n.language)} />
          </Flex>
          <Chart spec={callsSpec} summary={t('metrics.callsSummary')} emptyText={t('metrics.empty')} />
          <Chart spec={durationSpec} summary={t('metrics.durationSummary')} emptyText={t('metrics.empty')} />
          <Chart spec={memorySpec} summary={t('metrics.memorySummary')} emptyText={t('metrics.empty')} />
        </>
      )}
      <AlarmsPanel projectId={projectId} functionId={functionId} canManage={canManage} />
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('metrics.recent')}
        </Typography.Title>
        <Select
          aria-label={t('metrics.outcome')}
          value={outcome ?? ''}
          onChange={(v: string) => setOutcome(v || undefined)}
          options={[{ value: '', label: t('metrics.anyOutcome') }, ...(['ok', 'error', 'timeout', 'crashed', 'throttled'] as const).map((o) => ({ value: o, label: t(`metrics.outcomes.${o}`) }))]}
          style={{ minWidth: 160 }}
        />
      </Flex>
      <Table<InvocationRow>
        rowKey="id"
        size="small"
        loading={calls.isPending}
        dataSource={calls.data?.items ?? []}
        pagination={false}
        locale={{ emptyText: t('metrics.noCalls') }}
        columns={[
          { key: 'at', title: t('logs.time'), render: (_, c) => display.dateTime(c.startedAt) },
          { key: 'outcome', title: t('metrics.outcome'), render: (_, c) => <Tag color={OUTCOME_COLORS[c.outcome]}>{t(`metrics.outcomes.${c.outcome}`)}</Tag> },
          { key: 'trigger', title: t('metrics.trigger'), render: (_, c) => t(`metrics.triggers.${c.trigger}`) },
          { key: 'version', title: t('logs.version'), render: (_, c) => (c.alias ? `${c.alias} → ${c.version}` : c.version) },
          { key: 'duration', title: t('metrics.durationColumn'), render: (_, c) => `${formatValue('duration', c.durationMs, i18n.language)}${c.coldStart ? ` · ${t('metrics.cold')}` : ''}` },
          { key: 'memory', title: t('metrics.memory'), render: (_, c) => formatValue('bytes', c.memoryMb === null ? null : c.memoryMb * MB, i18n.language) },
          { key: 'request', title: t('logs.requestId'), render: (_, c) => <Typography.Text code>{c.requestId}</Typography.Text> },
          { key: 'error', title: t('metrics.error'), render: (_, c) => c.error ?? '' },
        ]}
      />
    </Flex>
  );
}
