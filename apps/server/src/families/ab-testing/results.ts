import type { ExperimentMetric, ExperimentResults, MetricResult } from '@wharf/contract';
import type { DbOrTx } from '../../platform/db/types';
import { experimentCounts, type MetricSample } from '../analytics/public';
import type { ExperimentRow } from './repo';
import { compareMeans, compareShares, sampleNeeded, sampleRatio } from './stats';

/** A leader needs this probability of beating every other variant it is compared with. */
const LEADING = 0.95;

function metricResult(metric: ExperimentMetric, primary: boolean, samples: readonly MetricSample[]): MetricResult {
  const share = metric.kind !== 'value';
  const base = samples[0]!;
  const variants = samples.map((s, i) => {
    const compared = i === 0 ? null : share ? compareShares(base, s) : compareMeans(base, s);
    return {
      users: s.users,
      total: s.total,
      mean: s.users > 0 ? s.total / s.users : null,
      difference: compared?.difference ?? null,
      interval: compared?.interval ?? null,
      relative: compared?.relative ?? null,
      pValue: compared?.pValue ?? null,
      probabilityToBeat: compared?.probabilityToBeat ?? null,
    };
  });
  // A variant leads when it beats the baseline; the baseline when every variant loses to it.
  const winners = variants.map((v, i) => ({ v, i })).filter(({ v, i }) => i > 0 && (v.probabilityToBeat ?? 0) >= LEADING);
  const best = winners.sort((a, b) => (b.v.mean ?? 0) - (a.v.mean ?? 0))[0];
  const baselineLeads = variants.length > 1 && variants.slice(1).every((v) => v.probabilityToBeat !== null && v.probabilityToBeat <= 1 - LEADING);
  return { metric, primary, variants, sampleNeeded: sampleNeeded(base, share ? 'share' : 'mean'), leader: best ? best.i : baselineLeads ? 0 : null };
}

/** An experiment's results as they stand at `now` (or at its stop), from App Analytics' raw events. */
export async function computeResults(db: DbOrTx, row: ExperimentRow, now: Date): Promise<ExperimentResults | null> {
  if (!row.startedAt) return null;
  const metrics = [row.primaryMetric, ...row.secondaryMetrics];
  const counts = await experimentCounts(db, {
    appId: row.appId,
    experimentId: row.id,
    variants: row.variants.length,
    from: row.startedAt,
    to: row.stoppedAt ?? now,
    metrics,
  });
  return {
    computedAt: now.toISOString(),
    final: row.stoppedAt !== null,
    exposed: counts.exposed,
    srm: sampleRatio(counts.exposed, row.variants.map((v) => v.weight)),
    metrics: metrics.map((m, i) => metricResult(m, i === 0, counts.metrics[i]!)),
    days: counts.days,
  };
}
