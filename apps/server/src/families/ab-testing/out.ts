import type { Experiment, ExperimentState } from '@wharf/contract';
import type { ExperimentWithNames } from './repo';

/** A row as the console reads it. */
export function experimentOut(r: ExperimentWithNames): Experiment {
  return {
    id: r.id,
    name: r.name,
    ...(r.description ? { description: r.description } : {}),
    parameters: r.parameters,
    targeting: r.targeting,
    variants: r.variants,
    primaryMetric: r.primaryMetric,
    secondaryMetrics: r.secondaryMetrics,
    state: r.state as ExperimentState,
    revision: r.revision,
    createdAt: r.createdAt.toISOString(),
    createdBy: r.creator,
    startedAt: r.startedAt?.toISOString() ?? null,
    stoppedAt: r.stoppedAt?.toISOString() ?? null,
    rolledOut: r.rolledOutVariant === null ? null : { variant: r.rolledOutVariant, version: r.rolledOutVersion },
  };
}
