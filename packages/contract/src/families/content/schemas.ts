import { z } from 'zod';
import { refused } from '../../kit/field-errors';

/** A text in each display language; all three are required, as every string is. */
export const localized = z.object({
  cn: z.string().trim().min(1),
  en: z.string().trim().min(1),
  ru: z.string().trim().min(1),
});
export type Localized = z.infer<typeof localized>;

const shortText = z.object({ cn: z.string().trim().min(1).max(200), en: z.string().trim().min(1).max(200), ru: z.string().trim().min(1).max(200) });
const longText = z.object({ cn: z.string().trim().min(1).max(20_000), en: z.string().trim().min(1).max(20_000), ru: z.string().trim().min(1).max(20_000) });
const link = z.string().url().max(2000).refine((v) => /^https?:\/\//i.test(v), refused('httpLink'));

export const NEWS_CATEGORIES = ['release', 'service', 'policy', 'event'] as const;

export const newsItem = z.object({
  id: z.string(),
  category: z.enum(NEWS_CATEGORIES),
  title: localized,
  summary: localized,
  link: z.string().nullable(),
  publishedAt: z.string(),
});
export const newsDetail = newsItem.extend({ body: localized });

export const newsInput = z.object({
  category: z.enum(NEWS_CATEGORIES),
  title: shortText,
  summary: shortText,
  body: longText,
  link: link.nullable().default(null),
  publishedAt: z.iso.datetime(),
});

export const billboardItem = z.object({
  id: z.string(),
  title: localized,
  link: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  sort: z.number().int(),
});

const window = {
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
};

export const billboardInput = z
  .object({ title: shortText, link: link.nullable().default(null), sort: z.number().int().min(0).max(1000).default(0), ...window })
  .refine((v) => v.endsAt > v.startsAt, refused('endAfterStart', ['endsAt']));

export const discountActivity = z.object({
  id: z.string(),
  title: localized,
  description: localized,
  serviceId: z.string().nullable(),
  discountPercent: z.number(),
  link: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
});

export const discountInput = z
  .object({
    title: shortText,
    description: longText,
    serviceId: z.string().max(64).nullable().default(null),
    discountPercent: z.number().gt(0).lt(100).multipleOf(0.01),
    link: link.nullable().default(null),
    ...window,
  })
  .refine((v) => v.endsAt > v.startsAt, refused('endAfterStart', ['endsAt']));

/** One service of the console's catalogue, as the home page groups them (serviceMap). */
export const serviceEntry = z.object({
  id: z.string(),
  serviceId: z.string(),
  menuId: z.string(),
  categoryId: z.number().int(),
  names: localized,
  /** The console route that opens it (hash router path). */
  route: z.string(),
  /** Where it lives: the team, a project, or an app. */
  scope: z.enum(['team', 'project', 'app']),
});
export type ServiceEntry = z.infer<typeof serviceEntry>;
