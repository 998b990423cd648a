import { z } from 'zod';
import { analyticsName } from '../analytics';
import { conditionRule, parameterKey, REMOTE_CONFIG_LIMITS } from '../remote-config';

/** How much an experiment may hold (Firebase's limits, where it has one). */
export const AB_LIMITS = {
  minVariants: 2,
  maxVariants: 5,
  secondaryMetrics: 4,
  parameters: 20,
  /** Experiments running at once per app (Firebase allows 24). */
  running: 24,
  /** Experiments kept per app, whatever their state. */
  kept: 300,
  retentionDays: 30,
  rules: REMOTE_CONFIG_LIMITS.rulesPerCondition,
} as const;

/** What an app's SDK logs when it activates values an experiment gave it: `{ experiment, variant }`. */
export const EXPOSURE_EVENT = 'ab_exposure';

export const EXPERIMENT_STATES = ['draft', 'running', 'stopped', 'rolledOut'] as const;
export type ExperimentState = (typeof EXPERIMENT_STATES)[number];
export const METRIC_KINDS = ['conversion', 'value', 'retention'] as const;

/**
 * What an experiment is judged by, per exposed instance, counted from its first exposure:
 * `conversion` — sent the event at least once (a share); `value` — the sum of the event's
 * value (a mean per exposed instance: revenue and the like); `retention` — active again on
 * one of the days after the day of exposure, up to `days` (a share).
 */
export const experimentMetric = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('conversion'), event: analyticsName }),
  z.strictObject({ kind: z.literal('value'), event: analyticsName }),
  z.strictObject({ kind: z.literal('retention'), days: z.number().int().min(1).max(AB_LIMITS.retentionDays) }),
]);
export type ExperimentMetric = z.infer<typeof experimentMetric>;

const variantValue = z.string().max(REMOTE_CONFIG_LIMITS.valueLength).nullable();

/** A variant: its share of the experiment's instances and, per parameter, its value (null: what Remote Configuration gives). */
export const experimentVariant = z.strictObject({
  name: z.string().trim().min(1).max(60),
  weight: z.number().int().min(1).max(100),
  values: z.record(parameterKey, variantValue),
});
export type ExperimentVariant = z.infer<typeof experimentVariant>;

/** Who takes part: instances for which every rule holds, then this share of them (by a hash of the instance ID). */
export const experimentTargeting = z.strictObject({
  rules: z.array(conditionRule).max(AB_LIMITS.rules),
  percent: z.number().min(0.01).max(100).multipleOf(0.01),
});
export type ExperimentTargeting = z.infer<typeof experimentTargeting>;

export const experimentInput = z.strictObject({
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(1000).optional(),
  /** The Remote Configuration parameters it varies (published ones). */
  parameters: z.array(parameterKey).min(1).max(AB_LIMITS.parameters),
  targeting: experimentTargeting,
  /** The first variant is the baseline the others are compared with. */
  variants: z.array(experimentVariant).min(AB_LIMITS.minVariants).max(AB_LIMITS.maxVariants),
  primaryMetric: experimentMetric,
  secondaryMetrics: z.array(experimentMetric).max(AB_LIMITS.secondaryMetrics),
});
export type ExperimentInput = z.infer<typeof experimentInput>;

export const experiment = experimentInput.extend({
  id: z.uuid(),
  state: z.enum(EXPERIMENT_STATES),
  /** Bumped by every change: an edit names the revision it was made on. */
  revision: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  startedAt: z.string().nullable(),
  stoppedAt: z.string().nullable(),
  /** The variant rolled out (its index) and the Remote Configuration version that took it (null: waiting in the draft for a review). */
  rolledOut: z.object({ variant: z.number().int(), version: z.number().int().nullable() }).nullable(),
});
export type Experiment = z.infer<typeof experiment>;

const interval = z.tuple([z.number(), z.number()]);

/** One variant's figures for one metric; the baseline's comparison fields are null. */
export const variantFigures = z.object({
  users: z.number().int(),
  /** Converted instances (conversion, retention) or the value's sum (value). */
  total: z.number(),
  /** The share converted, or the mean value per instance. */
  mean: z.number().nullable(),
  /** Against the baseline: the difference (points of a share, or units of a value), its 95% interval, relative change. */
  difference: z.number().nullable(),
  interval: interval.nullable(),
  relative: z.number().nullable(),
  pValue: z.number().nullable(),
  /** The posterior probability that this variant's true figure is above the baseline's. */
  probabilityToBeat: z.number().nullable(),
});
export type VariantFigures = z.infer<typeof variantFigures>;

export const metricResult = z.object({
  metric: experimentMetric,
  primary: z.boolean(),
  variants: z.array(variantFigures),
  /** Instances per variant needed to tell a 10% relative change at 95% confidence and 80% power (null: no baseline yet). */
  sampleNeeded: z.number().int().nullable(),
  /** The variant ahead with at least 95% probability and enough instances (null: none yet). */
  leader: z.number().int().nullable(),
});
export type MetricResult = z.infer<typeof metricResult>;

export const experimentResults = z.object({
  computedAt: z.string(),
  /** Whether these are the figures frozen when the experiment stopped. */
  final: z.boolean(),
  exposed: z.array(z.number().int()),
  /** Sample ratio mismatch: a chi-square test of the exposed counts against the weights (mismatch when p < 0.001). */
  srm: z.object({ pValue: z.number().nullable(), mismatch: z.boolean() }),
  metrics: z.array(metricResult),
  /** Instances first exposed per day and variant, for the chart. */
  days: z.array(z.object({ day: z.string(), exposed: z.array(z.number().int()) })),
});
export type ExperimentResults = z.infer<typeof experimentResults>;

export const appQuery = z.object({ appId: z.uuid() });
