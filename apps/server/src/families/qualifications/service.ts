import { randomUUID } from 'node:crypto';
import type { QualificationTask } from '@wharf/contract';
import { writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { Tx } from '../../platform/db/types';
import type { Caller } from '../../platform/http/access';
import { conflict, invalidInput, notFound, type LocalisedText } from '../../platform/http/errors';
import { qualificationsRepo, type QualificationRow } from './repo';
import { type AppRow, appsByIds, callerApp } from '../apps/public';
import { type FileRow, fileById, teamFiles } from '../files/public';
import { reviewTasks, type TaskRow, type TaskState, type TaskSubmission } from '../versions/public';

/** The kind of this family's tasks in the reviewers' queue; a task's id is its qualification's. */
export const QUALIFICATION_TASK = 'qualification';

/** The queue's states in this family's words: an open task is pending, a withdrawn one cancelled. */
const STATE_OF: Readonly<Record<TaskState, State>> = { open: 'pending', withdrawn: 'cancelled', approved: 'approved', rejected: 'rejected' };
const TASK_STATE_OF: Readonly<Record<State, TaskState>> = { pending: 'open', cancelled: 'withdrawn', approved: 'approved', rejected: 'rejected' };

/** A qualification with its review. */
interface Held {
  row: QualificationRow;
  task: TaskRow;
}

type State = QualificationTask['state'];
type Action = QualificationTask['allowedActions'][number];

const ALLOWED: Readonly<Record<State, readonly Action[]>> = {
  pending: ['edit', 'cancel'],
  cancelled: ['delete'],
  approved: ['delete'],
  rejected: ['delete'],
};

const STATE_NAMES: Readonly<Record<State, LocalisedText>> = {
  pending: { zh: '待审核', en: 'pending', ru: 'ожидает' },
  cancelled: { zh: '已撤回', en: 'cancelled', ru: 'отменено' },
  approved: { zh: '已通过', en: 'approved', ru: 'одобрено' },
  rejected: { zh: '已驳回', en: 'rejected', ru: 'отклонено' },
};

const refusal = (state: State): LocalisedText => ({
  zh: `资质审核任务当前状态为“${STATE_NAMES[state].zh}”，不能执行此操作`,
  en: `The qualification review task is ${STATE_NAMES[state].en}; this is not possible now`, ru: `Задача проверки квалификации: ${STATE_NAMES[state].ru}; сейчас это невозможно`,
});

/**
 * Qualifications of an app (licences, filings, certificates) and their review. The domain
 * documents set no rule that a version needs one, so they are recorded and judged, and
 * nothing else waits for them.
 */
export class QualificationsService {

  constructor(private readonly deps: Deps) {}

  get storage() {
    return this.deps.storage;
  }

  private async out(held: Held[], app?: AppRow): Promise<QualificationTask[]> {
    const { db } = this.deps;
    const rows = held.map((h) => h.row);
    const apps = new Map((app ? [app] : await appsByIds(db, rows.map((r) => r.appId))).map((a) => [a.id, a]));
    const byTeam = new Map<string, string[]>();
    for (const r of rows) byTeam.set(r.teamId, [...(byTeam.get(r.teamId) ?? []), ...r.objectIds]);
    const files = new Map((await Promise.all([...byTeam].map(([teamId, ids]) => teamFiles(db, teamId, [...new Set(ids)])))).flat().map((f) => [f.id, f]));
    return held.map(({ row: r, task }) => {
      const a = apps.get(r.appId);
      const state = STATE_OF[task.state as TaskState];
      return {
        taskId: r.id,
        appId: r.appId,
        appName: a?.name ?? '',
        packageName: a?.packageName ?? '',
        teamId: r.teamId,
        kind: r.kind as QualificationTask['kind'],
        files: r.objectIds.flatMap((id) => {
          const f = files.get(id);
          return f ? [{ objectId: f.id, fileName: f.fileName, contentType: f.contentType, size: f.size }] : [];
        }),
        remarks: r.remarks,
        state,
        reason: task.comment,
        submittedAt: r.submittedAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
        decidedAt: state === 'approved' || state === 'rejected' ? (task.decidedAt?.toISOString() ?? null) : null,
        allowedActions: [...ALLOWED[state]],
      };
    });
  }

  /** The qualifications of a page of tasks, in the page's order. */
  private async heldOf(tasks: TaskRow[]): Promise<Held[]> {
    const rows = new Map((await qualificationsRepo.byIds(this.deps.db, tasks.map((t) => t.subjectId))).map((r) => [r.id, r]));
    return tasks.flatMap((task) => {
      const row = rows.get(task.subjectId);
      return row ? [{ row, task }] : [];
    });
  }

  private async taskOf(db: Parameters<typeof reviewTasks.byId>[0], row: QualificationRow): Promise<Held> {
    return { row, task: (await reviewTasks.byId(db, row.id))! };
  }

  /** Documents are finished uploads of the caller's team. */
  private async assertFiles(teamId: string, ids: string[]): Promise<FileRow[]> {
    const found = new Map((await teamFiles(this.deps.db, teamId, ids)).map((f) => [f.id, f]));
    for (const id of ids) {
      const f = found.get(id);
      if (!f || f.state !== 'ready') throw invalidInput({ zh: `参数不合法：objectIds 中的文件 ${id} 不存在`, en: `Invalid input: objectIds: no uploaded file ${id}`, ru: `Недопустимые параметры: objectIds: нет загруженного файла ${id}` });
    }
    return ids.map((id) => found.get(id)!);
  }

  private async find(caller: Caller, appId: string, taskId: string) {
    const app = await callerApp(this.deps.db, caller, appId);
    const row = await qualificationsRepo.ofApp(this.deps.db, appId, taskId);
    if (!row) throw notFound({ zh: '资质审核任务不存在', en: 'No such qualification review task', ru: 'Такой задачи проверки квалификации нет' });
    return { app, held: await this.taskOf(this.deps.db, row) };
  }

  async create(caller: Caller, d: { appId: string; kind: string; objectIds: string[]; remarks: string }) {
    const { db, clock } = this.deps;
    const app = await callerApp(this.deps.db, caller, d.appId);
    await this.assertFiles(caller.teamId!, d.objectIds);
    const row = await db.transaction(async (tx) => {
      const now = clock.now();
      const id = randomUUID();
      const submission: TaskSubmission = { subjectId: id, appId: app.id, teamId: app.teamId, kind: QUALIFICATION_TASK, submittedBy: caller.userId };
      const task = await reviewTasks.openWithId(tx, id, submission, now);
      const created = await qualificationsRepo.insert(tx, { id, teamId: app.teamId, appId: app.id, kind: d.kind, objectIds: d.objectIds, remarks: d.remarks, submittedBy: caller.userId, submittedAt: now, updatedAt: now });
      await writeAudit(tx, clock, { action: 'qualification.submit', teamId: app.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'qualification', targetId: created.id, data: { appId: app.id, kind: d.kind, files: d.objectIds.length } });
      return { row: created, task };
    });
    return { task: (await this.out([row], app))[0]! };
  }

  async get(caller: Caller, appId: string, taskId: string) {
    const { app, held } = await this.find(caller, appId, taskId);
    return { task: (await this.out([held], app))[0]! };
  }

  async list(caller: Caller, q: { appId: string; state?: string | undefined; pageSize: number; cursor?: string | undefined }) {
    const app = await callerApp(this.deps.db, caller, q.appId);
    const state = q.state ? TASK_STATE_OF[q.state as State] : undefined;
    const { page, nextCursor } = await reviewTasks.page(this.deps.db, { kinds: [QUALIFICATION_TASK], appId: app.id, state }, q.pageSize, q.cursor);
    return { items: await this.out(await this.heldOf(page), app), nextCursor };
  }

  /** A change of the locked qualification once its review's state allows the action. */
  private async change(caller: Caller, appId: string, taskId: string, action: Action, work: (tx: Tx, held: Held) => Promise<Held | null>) {
    const { app } = await this.find(caller, appId, taskId);
    const held = await this.deps.db.transaction(async (tx) => {
      const locked = await qualificationsRepo.ofApp(tx, appId, taskId, true);
      if (!locked) throw notFound({ zh: '资质审核任务不存在', en: 'No such qualification review task', ru: 'Такой задачи проверки квалификации нет' });
      const current = await this.taskOf(tx, locked);
      const state = STATE_OF[current.task.state as TaskState];
      if (!ALLOWED[state].includes(action)) throw conflict(refusal(state));
      return work(tx, current);
    });
    return held ? { task: (await this.out([held], app))[0]! } : {};
  }

  async update(caller: Caller, d: { appId: string; taskId: string; kind?: string | undefined; objectIds?: string[] | undefined; remarks?: string | undefined }) {
    const { clock } = this.deps;
    if (d.objectIds) await this.assertFiles(caller.teamId!, d.objectIds);
    return this.change(caller, d.appId, d.taskId, 'edit', async (tx, { row, task }) => {
      const updated = await qualificationsRepo.update(tx, row.id, { kind: d.kind ?? row.kind, objectIds: d.objectIds ?? row.objectIds, remarks: d.remarks ?? row.remarks, updatedAt: clock.now() });
      await writeAudit(tx, clock, { action: 'qualification.update', teamId: row.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'qualification', targetId: row.id, data: { appId: row.appId, kind: updated.kind, files: updated.objectIds.length } });
      return { row: updated, task };
    }) as Promise<{ task: QualificationTask }>;
  }

  async cancel(caller: Caller, appId: string, taskId: string) {
    const { clock } = this.deps;
    return this.change(caller, appId, taskId, 'cancel', async (tx, { row }) => {
      const now = clock.now();
      const task = (await reviewTasks.withdraw(tx, row.id, now))!;
      const updated = await qualificationsRepo.update(tx, row.id, { updatedAt: now });
      await writeAudit(tx, clock, { action: 'qualification.cancel', teamId: row.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'qualification', targetId: row.id, data: { appId: row.appId } });
      return { row: updated, task };
    }) as Promise<{ task: QualificationTask }>;
  }

  async remove(caller: Caller, appId: string, taskId: string) {
    const { clock } = this.deps;
    await this.change(caller, appId, taskId, 'delete', async (tx, { row, task }) => {
      await qualificationsRepo.remove(tx, row.id);
      await reviewTasks.remove(tx, task.id);
      await writeAudit(tx, clock, { action: 'qualification.delete', teamId: row.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'qualification', targetId: row.id, data: { appId: row.appId, state: STATE_OF[task.state as TaskState] } });
      return null;
    });
    return {};
  }

  // ---- reviewers ----

  async queue(q: { state: string; pageSize: number; cursor?: string | undefined }) {
    const { page, nextCursor } = await reviewTasks.page(this.deps.db, { kinds: [QUALIFICATION_TASK], state: TASK_STATE_OF[q.state as State] }, q.pageSize, q.cursor);
    return { items: await this.out(await this.heldOf(page)), nextCursor };
  }

  async setStatus(caller: Caller, d: { taskId: string; status: 'approved' | 'rejected'; reason?: string | undefined }) {
    const { db, clock } = this.deps;
    const held = await db.transaction(async (tx) => {
      // The qualification is locked before its task (close locks it), the order the developer's changes take.
      const locked = await qualificationsRepo.byId(tx, d.taskId, true);
      if (!locked) throw notFound({ zh: '资质审核任务不存在', en: 'No such qualification review task', ru: 'Такой задачи проверки квалификации нет' });
      const { task: open } = await this.taskOf(tx, locked);
      if (open.state !== 'open') throw conflict(refusal(STATE_OF[open.state as TaskState]));
      const now = clock.now();
      const task = await reviewTasks.close(tx, open.id, { decision: d.status === 'approved' ? 'approve' : 'reject', reasons: [], comment: d.reason }, { id: caller.userId, kind: 'operator', ip: caller.ip }, now);
      const row = await qualificationsRepo.update(tx, locked.id, { updatedAt: now });
      await writeAudit(tx, clock, { action: d.status === 'approved' ? 'qualification.approve' : 'qualification.reject', teamId: locked.teamId, actorId: caller.userId, ip: caller.ip, actorKind: 'operator', targetType: 'qualification', targetId: locked.id, data: { appId: locked.appId, reason: d.reason ?? null } });
      return { row, task };
    });
    return { task: (await this.out([held]))[0]! };
  }

  /** A document of a task, for reviewers: only files the task names. */
  async reviewFile(taskId: string, objectId: string) {
    const row = await qualificationsRepo.byId(this.deps.db, taskId);
    if (!row || !row.objectIds.includes(objectId)) throw notFound();
    const file = await fileById(this.deps.db, objectId);
    if (!file || file.state !== 'ready') throw notFound({ zh: '文件已被删除', en: 'The file was deleted', ru: 'Файл удалён' });
    return file;
  }
}
