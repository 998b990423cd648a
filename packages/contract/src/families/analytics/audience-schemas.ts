import { z } from 'zod';
import { refused } from '../../kit/field-errors';
import { analyticsName, propertyValue } from './schemas';

export const AUDIENCE_LIMITS = {
  perApp: 50,
  conditions: 10,
  /** The longest look back of an event or new-user condition, in days (raw events kept at least 30). */
  withinDays: 90,
  /** How often audiences are worked out again without being asked, in minutes. */
  recomputeMinutes: 60,
} as const;

/** What an instance said of itself last, as the user portrait shows it. */
export const AUDIENCE_FIELDS = ['country', 'language', 'os'] as const;

const text = z.string().trim().min(1).max(64);
export const USER_PROPERTY_OPS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'set'] as const;
const NUMERIC_OPS: readonly string[] = ['gt', 'gte', 'lt', 'lte'];
/** A version as apps write it (`2`, `2.0`, `2.10.1`): compared number by number. */
const version = z.string().trim().regex(/^\d{1,9}(\.\d{1,9}){0,3}$/);

/** One condition; an instance is in the audience when it meets all of them. */
export const audienceCondition = z.discriminatedUnion('kind', [
  /** Its country (ISO 3166), language (BCP 47) or OS is one of these, or none of them. */
  z.object({ kind: z.literal('attribute'), field: z.enum(AUDIENCE_FIELDS), op: z.enum(['in', 'notIn']), values: z.array(text).min(1).max(50) }),
  /** Its app version is at least, or below, this one. */
  z.object({ kind: z.literal('appVersion'), op: z.enum(['gte', 'lt']), version }),
  /** It sent this event at least `atLeast` times in the last `withinDays` days. */
  z.object({ kind: z.literal('event'), event: analyticsName, atLeast: z.number().int().min(1).max(10_000), withinDays: z.number().int().min(1).max(AUDIENCE_LIMITS.withinDays) }),
  /**
   * A user property the app set (setUserProperty) has this value, or is above or below a
   * number, or is set at all; instances without it are "not equal" and nothing else.
   */
  z
    .object({ kind: z.literal('userProperty'), property: analyticsName, op: z.enum(USER_PROPERTY_OPS), value: propertyValue.optional() })
    .refine((c) => (c.op === 'set' ? c.value === undefined : c.value !== undefined) && (!NUMERIC_OPS.includes(c.op) || typeof c.value === 'number'), refused('userPropertyValue', ['value'])),
  /** It was first seen in the last `withinDays` days. */
  z.object({ kind: z.literal('newUser'), withinDays: z.number().int().min(1).max(AUDIENCE_LIMITS.withinDays) }),
]);
export type AudienceCondition = z.infer<typeof audienceCondition>;

export const audienceInput = z.object({
  name: z.string().trim().min(1).max(64),
  description: z.string().trim().max(200).default(''),
  conditions: z.array(audienceCondition).min(1).max(AUDIENCE_LIMITS.conditions),
});
export type AudienceInput = z.input<typeof audienceInput>;

export const audience = audienceInput.extend({
  audienceId: z.uuid(),
  /** Instances in it when last worked out. */
  size: z.number().int(),
  computedAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Audience = z.infer<typeof audience>;
