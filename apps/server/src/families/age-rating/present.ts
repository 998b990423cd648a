import { ageRatings, isAgeRating, type AgeRating } from '@wharf/rules';
import type { AgeDeclaration, AgeRatingTask, AppAgeRating } from '@wharf/contract';
import type { AppRow } from '../apps/public';
import type { TaskRow } from '../versions/public';
import type { AgeRow } from './repo';
import type { Declaration } from './tables';

/** What a task keeps: the change and what was in effect when it was submitted. */
export interface AgeSnapshot {
  declaration: Declaration;
  previous: Declaration | null;
}

export const snapshotOf = (t: TaskRow): AgeSnapshot => t.snapshot as unknown as AgeSnapshot;

/** A declaration with every authority's rating worked out from its answers (the tables may have changed since). */
export function declarationOut(d: Declaration): AgeDeclaration {
  return { age: (isAgeRating(d.age) ? d.age : '18+') as AgeRating, answers: d.answers, ratings: d.answers ? ageRatings(d.answers) : null };
}

export function ratingOut(appId: string, row: AgeRow | undefined, app: Pick<AppRow, 'everOnShelf'>): AppAgeRating {
  return {
    appId,
    current: row?.current ? declarationOut(row.current) : null,
    pending: row?.pending && row.pendingTaskId ? { ...declarationOut(row.pending), taskId: row.pendingTaskId, submittedAt: (row.pendingAt ?? row.updatedAt).toISOString() } : null,
    rejection: row?.rejection ?? null,
    changesNeedReview: app.everOnShelf,
    updatedAt: row?.current || row?.pending ? row.updatedAt.toISOString() : null,
  };
}

export function taskOut(t: TaskRow, app: AppRow | undefined): AgeRatingTask {
  const s = snapshotOf(t);
  return {
    taskId: t.id,
    appId: t.appId,
    appName: app?.name ?? '',
    packageName: app?.packageName ?? '',
    teamId: t.teamId,
    state: t.state as AgeRatingTask['state'],
    declaration: declarationOut(s.declaration),
    previous: s.previous ? declarationOut(s.previous) : null,
    submittedAt: t.submittedAt.toISOString(),
    reviewerId: t.reviewerId,
    decidedAt: t.decidedAt?.toISOString() ?? null,
    comment: t.comment,
  };
}
