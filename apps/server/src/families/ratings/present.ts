import type { AppReview, PublicReview } from '@wharf/contract';
import type { ReviewRow } from './repo';

export const NO_SUCH_REVIEW = { zh: '没有这条评论', en: 'There is no such review of this app', ru: 'У этого приложения нет такого отзыва' };

export function publicOut(r: ReviewRow): PublicReview {
  return {
    reviewId: r.id,
    rating: r.rating,
    text: r.text,
    language: r.language,
    country: r.country,
    versionName: r.versionName,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    helpful: r.helpful,
    reply: r.replyText !== null && r.replyCreatedAt && r.replyUpdatedAt ? { text: r.replyText, createdAt: r.replyCreatedAt.toISOString(), updatedAt: r.replyUpdatedAt.toISOString() } : null,
    state: r.state,
    moderationReason: r.state === 'hidden' ? r.moderationReason : null,
  };
}

export function consoleOut(r: ReviewRow): AppReview {
  return { ...publicOut(r), versionCode: r.versionCode, author: r.deviceId !== null ? 'install' : 'appUser', replyBy: r.replyBy, flags: r.flags, reports: r.reports };
}

/** Count and average of a distribution (index 0: one star); null average without reviews. */
export function summaryOf(distribution: number[]): { count: number; average: number | null; distribution: number[] } {
  const count = distribution.reduce((a, b) => a + b, 0);
  const total = distribution.reduce((a, n, i) => a + n * (i + 1), 0);
  return { count, average: count ? Math.round((total / count) * 100) / 100 : null, distribution };
}
