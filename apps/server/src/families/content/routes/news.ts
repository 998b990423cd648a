import type { FastifyInstance } from 'fastify';
import { contentApi } from '@wharf/contract';
import type { Deps } from '../../../platform/deps';
import { decodeCursor, pageOf } from '../../../platform/http/cursor';
import { notFound } from '../../../platform/http/errors';
import { registerEndpoint } from '../../../platform/http/register';
import { contentRepo } from '../repo';
import { newsDetailOut, newsOut } from '../present';

export function newsRoutes(app: FastifyInstance, { db, clock }: Deps): void {
  registerEndpoint(app, contentApi.latestNews, async ({ query }) => ({
    items: (await contentRepo.publishedNews(db, clock.now(), { limit: query.limit })).map(newsOut),
  }));

  registerEndpoint(app, contentApi.newsList, async ({ query }) => {
    const now = clock.now();
    const rows = await contentRepo.publishedNews(db, now, {
      limit: query.pageSize + 1,
      category: query.category,
      ...(query.cursor ? { before: decodeCursor(query.cursor) } : {}),
    });
    const { page, nextCursor } = pageOf(rows, query.pageSize, (r) => ({ at: r.publishedAt, id: r.id }));
    return {
      items: page.map(newsOut),
      nextCursor,
      ...(query.withTotal ? { total: await contentRepo.countPublished(db, now, query.category) } : {}),
    };
  });

  registerEndpoint(app, contentApi.newsDetailCall, async ({ params, query }) => {
    const now = clock.now();
    const row = await contentRepo.news(db, params.serviceNewsId);
    // Unpublished news does not exist for visitors.
    if (!row || row.publishedAt > now) throw notFound();
    if (query.DID) await contentRepo.recordView(db, row.id, query.DID, now);
    return { item: newsDetailOut(row) };
  });

  registerEndpoint(app, contentApi.newsAccessHistory, async ({ query }) => ({
    items: (await contentRepo.viewsOf(db, query.DID)).map((v) => ({ serviceNewsId: v.newsId, lastViewedAt: v.lastViewedAt.toISOString() })),
  }));
}
