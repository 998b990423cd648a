import type { billboardItems, discountActivities } from './tables';
import type { NewsRow } from './repo';

export const newsOut = (r: NewsRow) => ({
  id: r.id,
  category: r.category as 'release' | 'service' | 'policy' | 'event',
  title: r.title,
  summary: r.summary,
  link: r.link,
  publishedAt: r.publishedAt.toISOString(),
});

export const newsDetailOut = (r: NewsRow) => ({ ...newsOut(r), body: r.body });

export const billboardOut = (r: typeof billboardItems.$inferSelect) => ({
  id: r.id,
  title: r.title,
  link: r.link,
  sort: r.sort,
  startsAt: r.startsAt.toISOString(),
  endsAt: r.endsAt.toISOString(),
});

export const discountOut = (r: typeof discountActivities.$inferSelect) => ({
  id: r.id,
  title: r.title,
  description: r.description,
  serviceId: r.serviceId,
  discountPercent: r.discountPercent,
  link: r.link,
  startsAt: r.startsAt.toISOString(),
  endsAt: r.endsAt.toISOString(),
});
