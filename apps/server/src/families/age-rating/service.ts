import { randomUUID } from 'node:crypto';
import { ageRatings, type AgeAnswers, type AgeRating } from '@wharf/rules';
import { writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { Tx } from '../../platform/db/types';
import type { Caller } from '../../platform/http/access';
import { conflict } from '../../platform/http/errors';
import { callerApp } from '../apps/public';
import { adoptAgeRating, reviewTasks } from '../versions/public';
import { AGE_RATING_TASK } from './kind';
import { decideInTx } from './review';
import { ratingOut } from './present';
import { ageRatingRepo, type AgeRow } from './repo';
import type { Declaration } from './tables';


/** The generic age the answers give, on the single-age scale versions carry (3+ … 18+). */
export const ageOfAnswers = (answers: AgeAnswers): AgeRating => ageRatings(answers).generic.label as AgeRating;

/** The same declaration (answers compared key by key: jsonb keeps its own key order). */
function same(a: Declaration | null | undefined, b: Declaration): boolean {
  if (!a || a.age !== b.age || !a.answers !== !b.answers) return false;
  if (!a.answers || !b.answers) return true;
  const x = a.answers as Record<string, unknown>;
  const y = b.answers as Record<string, unknown>;
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
  return [...keys].every((k) => x[k] === y[k]);
}

/**
 * An app's age rating, declared by the questionnaire (v2) or as a single age (v1). Before the
 * app's first release a declaration takes effect at once; after it, a change waits in the
 * one reviewers' queue and takes effect when approved (./review.ts). Taking effect also sets
 * the age of the app's versions still being edited. Each change is one transaction with an
 * audit event.
 */
export class AgeRatingService {
  constructor(
    private readonly deps: Deps,
    /** Told of each change that took effect, after it committed (the store page's kept reads). */
    private readonly changed: (appId: string) => void = () => undefined,
  ) {}

  async get(caller: Caller, appId: string) {
    const app = await callerApp(this.deps.db, caller, appId);
    return { rating: ratingOut(appId, await ageRatingRepo.byApp(this.deps.db, appId), app) };
  }

  async getV1(caller: Caller, appId: string) {
    await callerApp(this.deps.db, caller, appId);
    const current = (await ageRatingRepo.byApp(this.deps.db, appId))?.current;
    return { age: (current?.age ?? null) as AgeRating | null, fromQuestionnaire: !!current?.answers };
  }

  save(caller: Caller, appId: string, answers: AgeAnswers) {
    return this.declare(caller, appId, { age: ageOfAnswers(answers), answers });
  }

  async setV1(caller: Caller, appId: string, age: AgeRating) {
    const { rating } = await this.declare(caller, appId, { age, answers: null }, (row) => {
      if (row.current?.answers || row.pending?.answers) {
        throw conflict({ zh: '该应用已填写年龄分级问卷，请修改问卷答案', en: 'The app answered the age-rating questionnaire; change its answers instead', ru: 'Приложение заполнило анкету возрастного рейтинга; измените ответы в ней' });
      }
    });
    return { rating };
  }

  private async declare(caller: Caller, appId: string, next: Declaration, check?: (row: AgeRow) => void) {
    const { db, clock } = this.deps;
    const app = await callerApp(db, caller, appId);
    const out = await db.transaction(async (tx) => {
      const now = clock.now();
      const row = await ageRatingRepo.lock(tx, appId, app.teamId, now);
      check?.(row);
      // A new change replaces the one waiting: its task is withdrawn.
      // (Each change is its own subject, the task's id: the app is the subject of other kinds.)
      const withdrawn = row.pendingTaskId ? await reviewTasks.withdraw(tx, row.pendingTaskId, now) : undefined;
      const cleared = { pending: null, pendingTaskId: null, pendingAt: null, rejection: null, updatedAt: now, updatedBy: caller.userId };
      const audit = { teamId: app.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'app', targetId: appId } as const;
      if (!app.everOnShelf || same(row.current, next)) {
        const updated = await ageRatingRepo.update(tx, appId, { ...cleared, current: next });
        if (!same(row.current, next)) await adoptAgeRating(tx, appId, next.age);
        await writeAudit(tx, clock, { ...audit, action: 'ageRating.update', data: { age: next.age, from: row.current?.age ?? null, questionnaire: !!next.answers, withdrawnTaskId: withdrawn?.id ?? null } });
        return { rating: ratingOut(appId, updated, app), taskId: null };
      }
      const id = randomUUID();
      const task = await reviewTasks.openWithId(tx, id, { subjectId: id, appId, teamId: app.teamId, kind: AGE_RATING_TASK, snapshot: { declaration: next, previous: row.current ?? null }, submittedBy: caller.userId }, now);
      const updated = await ageRatingRepo.update(tx, appId, { ...cleared, pending: next, pendingTaskId: task.id, pendingAt: now });
      await writeAudit(tx, clock, { ...audit, action: 'ageRating.submit', data: { taskId: task.id, age: next.age, from: row.current?.age ?? null, questionnaire: !!next.answers, withdrawnTaskId: withdrawn?.id ?? null } });
      // A deployment without reviewers (AUTO_APPROVE) approves at once, as it does versions.
      if (!this.deps.config.autoApprove) return { rating: ratingOut(appId, updated, app), taskId: task.id };
      await decideInTx(this.deps, tx, task, { decision: 'approve' }, { kind: 'system', id: null, ip: null });
      return { rating: ratingOut(appId, await ageRatingRepo.byApp(tx, appId), app), taskId: task.id };
    });
    this.changed(appId);
    return out;
  }

  async cancel(caller: Caller, appId: string) {
    const { db, clock } = this.deps;
    const app = await callerApp(db, caller, appId);
    return db.transaction(async (tx) => {
      const now = clock.now();
      const row = await ageRatingRepo.lock(tx, appId, app.teamId, now);
      if (!row.pendingTaskId) throw conflict({ zh: '没有等待审核的年龄分级修改', en: 'No age-rating change is waiting for review', ru: 'Нет изменения возрастного рейтинга, ожидающего проверки' });
      const task = await reviewTasks.withdraw(tx, row.pendingTaskId, now);
      const updated = await ageRatingRepo.update(tx, appId, { pending: null, pendingTaskId: null, pendingAt: null, updatedAt: now, updatedBy: caller.userId });
      await writeAudit(tx, clock, { action: 'ageRating.cancel', teamId: app.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'app', targetId: appId, data: { taskId: task?.id ?? row.pendingTaskId } });
      return { rating: ratingOut(appId, updated, app) };
    });
  }

  /** The declared age versions carry (the versions family asks). */
  async ageOf(db: Deps['db'] | Tx, appId: string): Promise<AgeRating | null> {
    return ((await ageRatingRepo.byApp(db, appId))?.current?.age ?? null) as AgeRating | null;
  }
}

