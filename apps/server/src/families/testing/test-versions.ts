import { DAY_MS, testTransition, TESTING_LIMITS, type TestAction, type TestTransitionContext } from '@wharf/rules';
import { auditActor, writeAudit } from '../../platform/audit';
import type { Tx } from '../../platform/db/types';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { conflict, invalidInput, notFound } from '../../platform/http/errors';
import { testStateOf, testStateRefusal, testVersionOut, type Lang } from './present';
import { testingRepo, type TestVersionRow } from './repo';
import { type AppsService, appsOf } from '../apps/public';
import { packageOfApp } from '../packages/public';
import { type TaskRow, downloadCount, reviewTasks } from '../versions/public';

export const TEST_START_KIND = 'testing.start';
export const TEST_END_KIND = 'testing.end';
const startKey = (id: string) => `test-start:${id}`;
const endKey = (id: string) => `test-end:${id}`;

export interface TestActor {
  kind: 'user' | 'operator' | 'system' | 'api-client';
  /** A person's id, or an API client's client ID. */
  id: string | null;
  ip: string | null;
}

/** Who a developer's change is recorded as: a person, or an API client by its client ID. */
const testActorOf = (caller: Caller): TestActor => (caller.kind === 'api-client' ? { kind: 'api-client', id: caller.clientId, ip: caller.ip } : { kind: 'user', id: caller.userId, ip: caller.ip });

export interface TestVersionInput {
  testVersionId?: string | undefined;
  name?: string | undefined;
  kind?: 'open' | 'invited' | undefined;
  pkgId?: string | undefined;
  groupIds?: string[] | undefined;
  startAt?: string | undefined;
  endAt?: string | undefined;
  installCap?: number | undefined;
}

const notFoundTest = () => notFound({ zh: '测试版本不存在', en: 'No such test version', ru: 'Такой тестовой версии нет' });

/**
 * Moves a locked test version along the table and records it: one audit event per
 * transition, in the caller's transaction. Refuses (409 naming the state) what the table
 * does not allow.
 */
export async function moveTest(
  deps: Deps,
  tx: Tx,
  row: TestVersionRow,
  action: TestAction,
  actor: TestActor,
  opts: { ctx?: TestTransitionContext; set?: Partial<TestVersionRow>; data?: Record<string, unknown> } = {},
): Promise<TestVersionRow> {
  const locked = (await testingRepo.lockTestVersion(tx, row.id)) ?? row;
  const from = testStateOf(locked);
  const to = testTransition(from, action, opts.ctx);
  if (!to) throw conflict(testStateRefusal(locked));
  const now = deps.clock.now();
  const updated = await testingRepo.updateTestVersion(tx, locked.id, { ...opts.set, state: to, updatedAt: now });
  await writeAudit(tx, deps.clock, {
    action: `testVersion.${action}`,
    teamId: locked.teamId,
    actorId: actor.id,
    actorKind: actor.kind,
    ip: actor.ip,
    targetType: 'testVersion',
    targetId: locked.id,
    data: { appId: locked.appId, from, to, ...opts.data },
  });
  return updated;
}

/** Schedules the window's clock: the start (while waiting) and the end. */
async function scheduleWindow(deps: Deps, tx: Tx, row: TestVersionRow): Promise<void> {
  if (row.state === 'waiting') await deps.dueActions.schedule(tx, { kind: TEST_START_KIND, dueAt: row.startAt, payload: { testVersionId: row.id }, dedupeKey: startKey(row.id) });
  else await deps.dueActions.cancel(tx, startKey(row.id));
  await deps.dueActions.schedule(tx, { kind: TEST_END_KIND, dueAt: row.endAt, payload: { testVersionId: row.id }, dedupeKey: endKey(row.id) });
}

async function cancelWindow(deps: Deps, tx: Tx, id: string): Promise<void> {
  await deps.dueActions.cancel(tx, startKey(id));
  await deps.dueActions.cancel(tx, endKey(id));
}

/**
 * A reviewer's decision on a test version's task, in the caller's transaction. Approval
 * opens the test at once when its start time has come, else it waits for it.
 */
export async function decideTestTask(
  deps: Deps,
  tx: Tx,
  task: TaskRow,
  d: { decision: 'approve' | 'reject'; reasons: string[]; comment?: string | undefined },
  actor: TestActor,
): Promise<TaskRow> {
  const now = deps.clock.now();
  const row = await testingRepo.lockTestVersion(tx, task.subjectId);
  if (!row) throw notFound({ zh: '该任务的测试版本已被删除', en: 'The test version of this task was deleted', ru: 'Тестовая версия этой задачи удалена' });
  // Closed first (refused when another reviewer decided it): the test moves in the same transaction.
  const closed = await reviewTasks.close(tx, task.id, d, actor, now);
  const data = { taskId: task.id, reasons: d.reasons, comment: d.comment ?? null };
  if (d.decision === 'approve') {
    if (row.endAt.getTime() <= now.getTime()) throw conflict({ zh: '测试结束时间已过，不能通过', en: 'The test window has already ended; it cannot be approved', ru: 'Срок теста уже истёк; одобрить его нельзя' });
    const moved = await moveTest(deps, tx, row, 'approve', actor, { ctx: { started: row.startAt.getTime() <= now.getTime() }, set: { rejection: null }, data });
    await scheduleWindow(deps, tx, moved);
  } else {
    await moveTest(deps, tx, row, 'reject', actor, { set: { rejection: { reasons: d.reasons, comment: d.comment ?? null, at: now.toISOString() } }, data });
  }
  return closed;
}

/** The clock's side: the window opens or closes. Nothing happens when a person got there first. */
export async function fireTestWindow(deps: Deps, tx: Tx, testVersionId: string, action: 'start' | 'end'): Promise<void> {
  const row = await testingRepo.lockTestVersion(tx, testVersionId);
  if (!row || !testTransition(testStateOf(row), action)) return;
  const moved = await moveTest(deps, tx, row, action, { kind: 'system', id: null, ip: null }, action === 'end' ? { set: { endedAt: row.endAt } } : {});
  if (action === 'end') await cancelWindow(deps, tx, moved.id);
}

/** Test versions of an app: created, edited, submitted, withdrawn, stopped. */
export class TestVersionsService {
  readonly apps: AppsService;

  constructor(private readonly deps: Deps) {
    this.apps = appsOf(deps);
  }

  private async out(row: TestVersionRow, lang: Lang) {
    const downloads = await downloadCount(this.deps.db, row.id);
    return testVersionOut(row, lang, downloads);
  }

  private async find(caller: Caller, appId: string, testVersionId: string) {
    const app = await this.apps.get(caller, appId);
    const row = await testingRepo.testVersion(this.deps.db, appId, testVersionId);
    if (!row) throw notFoundTest();
    return { app, row };
  }

  async list(caller: Caller, appId: string, lang: Lang) {
    await this.apps.get(caller, appId);
    const rows = await testingRepo.testVersionsOf(this.deps.db, appId);
    return { items: await Promise.all(rows.map((r) => this.out(r, lang))) };
  }

  /** Checks a window (start before end, at most 90 days, ending ahead) and returns it. */
  private window(startAt: Date, endAt: Date): void {
    const now = this.deps.clock.now();
    if (endAt.getTime() <= startAt.getTime()) throw invalidInput({ zh: '参数不合法：endAt 必须晚于 startAt', en: 'Invalid input: endAt must be after startAt', ru: 'Недопустимые параметры: endAt должно быть позже startAt' });
    if (endAt.getTime() <= now.getTime()) throw invalidInput({ zh: '参数不合法：endAt 必须是将来的时间', en: 'Invalid input: endAt must be in the future', ru: 'Недопустимые параметры: endAt должно быть в будущем' });
    if (endAt.getTime() - startAt.getTime() > TESTING_LIMITS.windowDays * DAY_MS) {
      throw invalidInput({ zh: `参数不合法：测试期最长 ${TESTING_LIMITS.windowDays} 天`, en: `Invalid input: endAt: a test lasts at most ${TESTING_LIMITS.windowDays} days`, ru: `Недопустимые параметры: endAt: тест длится не больше ${TESTING_LIMITS.windowDays} дн.` });
    }
  }

  private async packageOf(appId: string, pkgId: string) {
    const pkg = await packageOfApp(this.deps.db, appId, pkgId);
    if (!pkg) throw notFound({ zh: '软件包不存在', en: 'No such package', ru: 'Такого пакета нет' });
    if (pkg.parseState !== 0 || pkg.versionCode === null) throw conflict({ zh: '软件包尚未解析成功，不能使用', en: 'The package has not been parsed successfully; it cannot be used', ru: 'Пакет не удалось разобрать; использовать его нельзя' });
    return { packageId: pkg.id, versionCode: pkg.versionCode, versionName: pkg.versionName };
  }

  private async groups(teamId: string, ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    const found = await testingRepo.groupsOf(this.deps.db, teamId, unique);
    const missing = unique.find((id) => !found.some((g) => g.id === id));
    if (missing) throw invalidInput({ zh: `参数不合法：groupIds 中的 ${missing} 不是本团队的测试用户组`, en: `Invalid input: groupIds: ${missing} is not a test-user group of the team`, ru: `Недопустимые параметры: groupIds: ${missing} — не группа тестировщиков команды` });
    return unique;
  }

  /** Creates a draft, or edits one (a draft or rejected one fully; a waiting or testing one only its window and cap). */
  async save(caller: Caller, appId: string, input: TestVersionInput, lang: Lang) {
    const { db, clock } = this.deps;
    const now = clock.now();
    if (!input.testVersionId) {
      const app = await this.apps.get(caller, appId);
      const pkg = await this.packageOf(appId, input.pkgId!);
      const groupIds = await this.groups(app.teamId, input.groupIds!);
      const startAt = new Date(input.startAt!);
      const endAt = new Date(input.endAt!);
      this.window(startAt, endAt);
      const row = await db.transaction(async (tx) => {
        const created = await testingRepo.insertTestVersion(tx, {
          teamId: app.teamId,
          appId,
          name: input.name!,
          kind: input.kind ?? 'invited',
          state: 'draft',
          ...pkg,
          groupIds,
          startAt,
          endAt,
          installCap: input.installCap ?? TESTING_LIMITS.installCap,
          createdBy: caller.userId,
          createdAt: now,
          updatedAt: now,
        });
        await writeAudit(tx, clock, { action: 'testVersion.create', teamId: app.teamId, ...auditActor(caller), targetType: 'testVersion', targetId: created.id, data: { appId, versionCode: pkg.versionCode, groupIds } });
        return created;
      });
      return { testVersion: await this.out(row, lang) };
    }
    const { app, row } = await this.find(caller, appId, input.testVersionId);
    const state = testStateOf(row);
    const live = state === 'waiting' || state === 'testing';
    const set: Partial<TestVersionRow> = {};
    if (live) {
      // Only the window and the cap of a reviewed test may change.
      const fixed = (['name', 'kind', 'pkgId', 'groupIds'] as const).find((k) => input[k] !== undefined);
      if (fixed) throw conflict({ zh: `测试版本已审核通过，${fixed} 不能再修改`, en: `The test version was approved; ${fixed} can no longer change (only startAt, endAt and installCap)`, ru: `Тестовая версия одобрена; ${fixed} больше не меняется (можно менять только startAt, endAt и installCap)` });
      if (input.startAt !== undefined && state === 'testing') throw conflict({ zh: '测试已开始，startAt 不能再修改', en: 'The test has started; startAt can no longer change', ru: 'Тест начался; startAt больше нельзя изменить' });
    } else {
      if (input.name !== undefined) set.name = input.name;
      if (input.kind !== undefined) set.kind = input.kind;
      if (input.pkgId !== undefined) Object.assign(set, await this.packageOf(appId, input.pkgId));
      if (input.groupIds !== undefined) set.groupIds = await this.groups(app.teamId, input.groupIds);
    }
    if (input.startAt !== undefined) set.startAt = new Date(input.startAt);
    if (input.endAt !== undefined) set.endAt = new Date(input.endAt);
    if (set.startAt || set.endAt) this.window(set.startAt ?? row.startAt, set.endAt ?? row.endAt);
    if (input.installCap !== undefined) {
      if (input.installCap < row.installs) throw invalidInput({ zh: `参数不合法：installCap 不能低于已安装人数 ${row.installs}`, en: `Invalid input: installCap cannot be below the ${row.installs} installs made`, ru: `Недопустимые параметры: installCap не может быть меньше уже сделанных установок (${row.installs})` });
      set.installCap = input.installCap;
    }
    const updated = await db.transaction(async (tx) => {
      const moved = await moveTest(this.deps, tx, row, live ? 'changeWindow' : 'edit', testActorOf(caller), { set, data: { fields: Object.keys(set) } });
      if (live) await scheduleWindow(this.deps, tx, moved);
      return moved;
    });
    return { testVersion: await this.out(updated, lang) };
  }

  async release(caller: Caller, appId: string, testVersionId: string, action: 'submit' | 'withdraw' | 'stop', lang: Lang) {
    const { db, clock, config } = this.deps;
    const { row } = await this.find(caller, appId, testVersionId);
    const actor = testActorOf(caller);
    const now = clock.now();
    const updated = await db.transaction(async (tx) => {
      switch (action) {
        case 'submit': {
          if (row.endAt.getTime() <= now.getTime()) throw conflict({ zh: '测试结束时间已过，请先修改时间', en: 'The test window has ended; change endAt first', ru: 'Срок теста истёк; сначала измените endAt' });
          const moved = await moveTest(this.deps, tx, row, 'submit', actor, { set: { rejection: null } });
          const task = await reviewTasks.open(tx, { subjectId: row.id, appId, teamId: row.teamId, kind: 'testVersion' }, now);
          if (!config.autoApprove) return moved;
          await decideTestTask(this.deps, tx, task, { decision: 'approve', reasons: [] }, { kind: 'system', id: null, ip: null });
          return (await testingRepo.testVersionAnyApp(tx, row.id))!;
        }
        case 'withdraw': {
          const moved = await moveTest(this.deps, tx, row, 'withdraw', actor);
          await reviewTasks.withdraw(tx, row.id, now);
          return moved;
        }
        case 'stop': {
          // No new installs from now; testers who have it keep it (keepsTestVersion).
          const moved = await moveTest(this.deps, tx, row, 'stop', actor, { set: { endedAt: now } });
          await cancelWindow(this.deps, tx, row.id);
          return moved;
        }
      }
    });
    return { testVersion: await this.out(updated, lang) };
  }
}
