import { z } from 'zod';
import { DEVICE_OSES } from '@wharf/rules';

/** How much one app's configuration may hold (Firebase's limits, where it has one). */
export const REMOTE_CONFIG_LIMITS = {
  parameters: 2000,
  conditions: 100,
  rulesPerCondition: 10,
  /** A value, in characters (JSON values included). */
  valueLength: 10_000,
  /** The whole template, serialised, in bytes. */
  templateBytes: 1_000_000,
  /** Published versions kept per app; publishing one more deletes the oldest. */
  versionsKept: 300,
  userProperties: 25,
} as const;

export const PARAMETER_TYPES = ['string', 'number', 'boolean', 'json'] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];

export { DEVICE_OSES } from '@wharf/rules';

/** A parameter key, as app code reads it: letters, digits and underscores, not starting with a digit. */
export const parameterKey = z.string().trim().min(1).max(256).regex(/^[A-Za-z_][A-Za-z0-9_]*$/);
export const conditionName = z.string().trim().min(1).max(100);
const versionText = z.string().trim().min(1).max(64).regex(/^\d+(\.\d+){0,3}([-+.][0-9A-Za-z.-]+)?$/);
const compare = z.enum(['eq', 'ne', 'gt', 'gte', 'lt', 'lte']);
const oneOf = z.enum(['in', 'notIn']);
const texts = (max: number, item: z.ZodString) => z.array(item).min(1).max(max);

/** One test of a condition; a condition holds when all of its rules do. */
export const conditionRule = z.discriminatedUnion('field', [
  z.strictObject({ field: z.literal('appVersion'), op: compare, value: versionText }),
  z.strictObject({ field: z.literal('os'), op: oneOf, values: z.array(z.enum(DEVICE_OSES)).min(1).max(DEVICE_OSES.length) }),
  z.strictObject({ field: z.literal('osVersion'), op: compare, value: versionText }),
  z.strictObject({ field: z.literal('country'), op: oneOf, values: texts(250, z.string().regex(/^[A-Z]{2}$/)) }),
  z.strictObject({ field: z.literal('language'), op: oneOf, values: texts(100, z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/)) }),
  z.strictObject({ field: z.literal('deviceModel'), op: oneOf, values: texts(100, z.string().trim().min(1).max(100)) }),
  z.strictObject({
    field: z.literal('userProperty'),
    name: parameterKey,
    op: z.enum(['in', 'notIn', 'contains', 'gt', 'gte', 'lt', 'lte']),
    values: texts(100, z.string().max(256)),
  }),
  /** The device's stable place in 0–100 (a hash of the seed and its instance ID), from (exclusive) to (inclusive). */
  z.strictObject({
    field: z.literal('percentile'),
    seed: z.string().trim().max(64).regex(/^[A-Za-z0-9_.-]*$/),
    from: z.number().min(0).max(100).multipleOf(0.01),
    to: z.number().min(0).max(100).multipleOf(0.01),
  }),
  z.strictObject({ field: z.literal('dateTime'), op: z.enum(['before', 'after']), value: z.iso.datetime({ offset: true }) }),
  /** In (or in none of) App Analytics audiences of the app, as last worked out for the device's instance. */
  z.strictObject({ field: z.literal('audience'), op: oneOf, values: z.array(z.uuid()).min(1).max(10) }),
]);
export type ConditionRule = z.infer<typeof conditionRule>;
export const CONDITION_FIELDS = ['appVersion', 'os', 'osVersion', 'country', 'language', 'deviceModel', 'userProperty', 'audience', 'percentile', 'dateTime'] as const;

export const remoteCondition = z.strictObject({
  name: conditionName,
  description: z.string().max(500).optional(),
  /** The chip's colour in the console. */
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/).optional(),
  rules: z.array(conditionRule).min(1).max(REMOTE_CONFIG_LIMITS.rulesPerCondition),
});
export type RemoteCondition = z.infer<typeof remoteCondition>;

/** A value as the app reads it: text, checked against the parameter's type when saved. */
const parameterValue = z.string().max(REMOTE_CONFIG_LIMITS.valueLength);

export const remoteParameter = z.strictObject({
  key: parameterKey,
  type: z.enum(PARAMETER_TYPES),
  /** Null: the app keeps its own in-app default. */
  defaultValue: parameterValue.nullable(),
  /** Tried in the order of the template's conditions (their priority), not in this list's order. */
  conditionalValues: z.array(z.strictObject({ condition: conditionName, value: parameterValue })).max(REMOTE_CONFIG_LIMITS.conditions),
  description: z.string().max(500).optional(),
  group: z.string().trim().max(100).optional(),
});
export type RemoteParameter = z.infer<typeof remoteParameter>;

/** What a version holds: conditions by priority (the first that holds wins) and parameters. */
export const remoteTemplate = z.strictObject({
  conditions: z.array(remoteCondition).max(REMOTE_CONFIG_LIMITS.conditions),
  parameters: z.array(remoteParameter).max(REMOTE_CONFIG_LIMITS.parameters),
});
export type RemoteTemplate = z.infer<typeof remoteTemplate>;

export const VERSION_ORIGINS = ['publish', 'rollback'] as const;

export const remoteVersionSummary = z.object({
  number: z.number().int(),
  publishedAt: z.string(),
  publishedBy: z.string().nullable(),
  origin: z.enum(VERSION_ORIGINS),
  /** The version a rollback brought back. */
  rollbackOf: z.number().int().nullable(),
  description: z.string().nullable(),
  /** Who asked for the review that published it (the publisher approved it); null without a review. */
  requestedBy: z.string().nullable(),
  parameters: z.number().int(),
  conditions: z.number().int(),
});
export type RemoteVersionSummary = z.infer<typeof remoteVersionSummary>;

export const remoteSettings = z.object({
  /** The shortest time between two fetches of one app instance that the server answers. */
  minimumFetchIntervalSeconds: z.number().int().min(0).max(43_200),
  /** Four eyes: the draft is published only when another member approves a review of it. */
  requireReview: z.boolean(),
});

/** A review asked for and not yet decided: the revision it would publish. */
export const remoteReview = z.object({
  revision: z.number().int(),
  requestedBy: z.string().nullable(),
  requestedById: z.string().nullable(),
  requestedAt: z.string(),
  description: z.string().nullable(),
});

export const remoteDraft = z.object({
  template: remoteTemplate,
  /** Bumped on every save: a save or publish names the revision it was made on. */
  revision: z.number().int(),
  /** The published version the draft started from (0: none yet). */
  basedOn: z.number().int(),
  /** Whether the draft differs from the latest published version. */
  changed: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  /** A pending review of the draft (a save withdraws it). */
  review: remoteReview.nullable(),
});

export const appQuery = z.object({ appId: z.uuid() });
