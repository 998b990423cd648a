import type { Readable } from 'node:stream';
import type { ImmersiveInfo, ImmersiveTask } from '@wharf/contract';
import { writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { conflict, invalidInput, notFound, type LocalisedText } from '../../platform/http/errors';
import { readAllUpTo } from '../../platform/storage/read-all';
import { colorOfImage, UnreadableImageError } from './image';
import { immersiveRepo, type InfoRow } from './repo';
import type { ImmersiveSnapshot, ImmersiveText } from './tables';
import { type AppRow, appsByIds, callerApp } from '../apps/public';
import { fileById, teamFiles } from '../files/public';
import { reviewTasks, type TaskRow } from '../versions/public';

/** The kind of this family's tasks in the reviewers' queue; the subject is the app's info. */
export const IMMERSIVE_TASK = 'immersive';

const snapshotOf = (t: TaskRow): ImmersiveSnapshot => t.snapshot as unknown as ImmersiveSnapshot;

type State = ImmersiveInfo['state'];
type Action = ImmersiveInfo['allowedActions'][number];

/** What each state allows; the console's buttons read the same answer (allowedActions). */
const ALLOWED: Readonly<Record<State, readonly Action[]>> = {
  draft: ['edit', 'delete', 'submit'],
  review: ['cancel'],
  approved: ['edit', 'delete'],
  rejected: ['edit', 'delete', 'submit'],
};

const STATE_NAMES: Readonly<Record<State, LocalisedText>> = {
  draft: { zh: '草稿', en: 'draft', ru: 'черновик' },
  review: { zh: '审核中', en: 'under review', ru: 'на проверке' },
  approved: { zh: '已通过', en: 'approved', ru: 'одобрено' },
  rejected: { zh: '已驳回', en: 'rejected', ru: 'отклонено' },
};

/** Pictures are read whole into memory to be decoded: a banner has no business being larger. */
export const COLOR_MAX_BYTES = 20 * 1024 * 1024;

const refusal = (state: State): LocalisedText => ({
  zh: `沉浸式信息当前状态为“${STATE_NAMES[state].zh}”，不能执行此操作`,
  en: `The immersive info is ${STATE_NAMES[state].en}; this is not possible now`, ru: `Иммерсивные сведения: ${STATE_NAMES[state].ru}; сейчас это невозможно`,
});

function infoOut(r: InfoRow): ImmersiveInfo {
  const state = r.state as State;
  return {
    appId: r.appId,
    imageObjectId: r.imageObjectId,
    color: r.color,
    colorSource: r.colorSource as ImmersiveInfo['colorSource'],
    texts: r.texts,
    state,
    rejection: r.rejection ?? null,
    published: r.published ?? null,
    updatedAt: r.updatedAt.toISOString(),
    allowedActions: [...ALLOWED[state]],
  };
}

function taskOut(t: TaskRow, app: AppRow | undefined): ImmersiveTask {
  return {
    taskId: t.id,
    appId: t.appId,
    appName: app?.name ?? '',
    packageName: app?.packageName ?? '',
    teamId: t.teamId,
    state: t.state as ImmersiveTask['state'],
    snapshot: snapshotOf(t),
    submittedAt: t.submittedAt.toISOString(),
    reviewerId: t.reviewerId,
    decidedAt: t.decidedAt?.toISOString() ?? null,
    comment: t.comment,
  };
}

async function readAll(stream: Readable, max: number): Promise<Buffer> {
  const bytes = await readAllUpTo(stream, max);
  if (!bytes) throw invalidInput({ zh: '图片过大', en: 'The image is too large', ru: 'Изображение слишком большое' });
  return bytes;
}

interface Edit {
  appId: string;
  imageObjectId: string;
  color?: string | null | undefined;
  texts: ImmersiveText[];
}

/**
 * An app's immersive picture for the store: edited as a draft, submitted for review
 * (a task in the reviewers' queue), published when approved. Each change is one
 * transaction with an audit event.
 */
export class ImmersiveService {

  constructor(private readonly deps: Deps) {}

  get storage() {
    return this.deps.storage;
  }

  /** A finished image of the team; 400 naming the field otherwise. */
  private async teamImage(teamId: string, objectId: string, field: string) {
    const [file] = await teamFiles(this.deps.db, teamId, [objectId]);
    if (!file || file.state !== 'ready') throw invalidInput({ zh: `参数不合法：${field}：文件 ${objectId} 不存在`, en: `Invalid input: ${field}: no uploaded file ${objectId}`, ru: `Недопустимые параметры: ${field}: нет загруженного файла ${objectId}` });
    if (!file.contentType.startsWith('image/')) throw invalidInput({ zh: `参数不合法：${field} 需要图片文件`, en: `Invalid input: ${field}: ${file.fileName} is not an image`, ru: `Недопустимые параметры: ${field}: ${file.fileName} — не изображение` });
    return file;
  }

  private async colorOf(teamId: string, objectId: string, field: string) {
    const file = await this.teamImage(teamId, objectId, field);
    if (file.size > COLOR_MAX_BYTES) throw invalidInput({ zh: `参数不合法：${field}：图片超过 20 MB`, en: `Invalid input: ${field}: the image is larger than 20 MB`, ru: `Недопустимые параметры: ${field}: изображение больше 20 МБ` });
    const bytes = await readAll(await this.deps.storage.get(file.storageKey), COLOR_MAX_BYTES);
    try {
      return colorOfImage(bytes);
    } catch (err) {
      if (!(err instanceof UnreadableImageError)) throw err;
      throw invalidInput({ zh: `参数不合法：${field}：无法读取该图片（支持 PNG 和 JPEG）`, en: `Invalid input: ${field}: the image cannot be read (PNG and JPEG are supported)`, ru: `Недопустимые параметры: ${field}: изображение не читается (поддерживаются PNG и JPEG)` });
    }
  }

  async imageColor(caller: Caller, objectId: string) {
    // Here the file is what is asked about: unknown (or another team's) is 404, not bad input.
    const [file] = await teamFiles(this.deps.db, caller.teamId!, [objectId]);
    if (!file || file.state !== 'ready') throw notFound({ zh: '文件不存在', en: 'No such file', ru: 'Такого файла нет' });
    return this.colorOf(caller.teamId!, objectId, 'objectId');
  }

  async get(caller: Caller, appId: string) {
    await callerApp(this.deps.db, caller, appId);
    const row = await immersiveRepo.byApp(this.deps.db, appId);
    return { info: row ? infoOut(row) : null };
  }

  /** Picture, colour (given, else the picture's) and texts, after their checks. */
  private async fields(caller: Caller, app: AppRow, d: Edit) {
    if (!d.texts.some((t) => t.language === app.defaultLanguage)) {
      throw invalidInput({ zh: `参数不合法：texts 需要包含应用默认语言 ${app.defaultLanguage}`, en: `Invalid input: texts: a text in the app's default language ${app.defaultLanguage} is needed`, ru: `Недопустимые параметры: texts: нужен текст на языке приложения по умолчанию (${app.defaultLanguage})` });
    }
    const color = d.color ? { color: d.color, colorSource: 'manual' } : { color: (await this.colorOf(caller.teamId!, d.imageObjectId, 'imageObjectId')).color, colorSource: 'image' };
    if (d.color) await this.teamImage(caller.teamId!, d.imageObjectId, 'imageObjectId');
    return { imageObjectId: d.imageObjectId, ...color, texts: d.texts.map((t) => ({ language: t.language, title: t.title, subtitle: t.subtitle })) };
  }

  async create(caller: Caller, d: Edit) {
    const { db, clock } = this.deps;
    const app = await callerApp(this.deps.db, caller, d.appId);
    const fields = await this.fields(caller, app, d);
    const row = await db.transaction(async (tx) => {
      const now = clock.now();
      const created = await immersiveRepo.insert(tx, { appId: app.id, teamId: app.teamId, ...fields, state: 'draft', createdAt: now, updatedAt: now, updatedBy: caller.userId });
      if (!created) throw conflict({ zh: '该应用已有沉浸式信息，请修改它', en: 'The app has immersive info already; edit it instead', ru: 'У приложения уже есть иммерсивные сведения; отредактируйте их' });
      await writeAudit(tx, clock, { action: 'immersive.create', teamId: app.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'app', targetId: app.id, data: { imageObjectId: fields.imageObjectId, color: fields.color } });
      return created;
    });
    return { info: infoOut(row) };
  }

  /** Runs a change on the locked row after checking the state allows it. */
  private async change<T>(caller: Caller, appId: string, action: Action, work: (tx: Parameters<Parameters<Deps['db']['transaction']>[0]>[0], row: InfoRow, app: AppRow) => Promise<T>): Promise<T> {
    const app = await callerApp(this.deps.db, caller, appId);
    return this.deps.db.transaction(async (tx) => {
      const row = await immersiveRepo.lock(tx, appId);
      if (!row) throw notFound({ zh: '该应用没有沉浸式信息', en: 'The app has no immersive info', ru: 'У приложения нет иммерсивных сведений' });
      if (!ALLOWED[row.state as State].includes(action)) throw conflict(refusal(row.state as State));
      return work(tx, row, app);
    });
  }

  async update(caller: Caller, d: Edit) {
    const { clock } = this.deps;
    const app = await callerApp(this.deps.db, caller, d.appId);
    const fields = await this.fields(caller, app, d);
    const row = await this.change(caller, d.appId, 'edit', async (tx, was) => {
      const updated = await immersiveRepo.update(tx, d.appId, { ...fields, state: 'draft', rejection: null, updatedAt: clock.now(), updatedBy: caller.userId });
      await writeAudit(tx, clock, { action: 'immersive.update', teamId: app.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'app', targetId: app.id, data: { fromState: was.state, imageObjectId: fields.imageObjectId, color: fields.color } });
      return updated;
    });
    return { info: infoOut(row) };
  }

  async remove(caller: Caller, appId: string) {
    const { clock } = this.deps;
    await this.change(caller, appId, 'delete', async (tx, was, app) => {
      await immersiveRepo.removing(tx, appId);
      await writeAudit(tx, clock, { action: 'immersive.delete', teamId: app.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'app', targetId: appId, data: { fromState: was.state } });
    });
    return {};
  }

  async submit(caller: Caller, appId: string) {
    const { clock } = this.deps;
    return this.change(caller, appId, 'submit', async (tx, was, app) => {
      const now = clock.now();
      const snapshot: ImmersiveSnapshot = { imageObjectId: was.imageObjectId, color: was.color, texts: was.texts };
      const task = await reviewTasks.open(tx, { subjectId: appId, appId, teamId: app.teamId, kind: IMMERSIVE_TASK, snapshot: { ...snapshot }, submittedBy: caller.userId }, now);
      const row = await immersiveRepo.update(tx, appId, { state: 'review', rejection: null, updatedAt: now, updatedBy: caller.userId });
      await writeAudit(tx, clock, { action: 'immersive.submit', teamId: app.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'app', targetId: appId, data: { taskId: task.id, fromState: was.state } });
      return { info: infoOut(row), taskId: task.id };
    });
  }

  async cancel(caller: Caller, appId: string) {
    const { clock } = this.deps;
    return this.change(caller, appId, 'cancel', async (tx, _was, app) => {
      const now = clock.now();
      const task = await reviewTasks.withdraw(tx, appId, now);
      const row = await immersiveRepo.update(tx, appId, { state: 'draft', updatedAt: now, updatedBy: caller.userId });
      await writeAudit(tx, clock, { action: 'immersive.cancel', teamId: app.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'app', targetId: appId, data: { taskId: task?.id ?? null } });
      return { info: infoOut(row) };
    });
  }

  // ---- reviewers ----

  private async tasksOut(rows: TaskRow[]): Promise<ImmersiveTask[]> {
    const apps = new Map((await appsByIds(this.deps.db, rows.map((r) => r.appId))).map((a) => [a.id, a]));
    return rows.map((r) => taskOut(r, apps.get(r.appId)));
  }

  async queue(q: { state: string; pageSize: number; cursor?: string | undefined }) {
    const { page, nextCursor } = await reviewTasks.page(this.deps.db, { kinds: [IMMERSIVE_TASK], state: q.state }, q.pageSize, q.cursor);
    return { items: await this.tasksOut(page), nextCursor };
  }

  /** The picture a task was submitted with (the file stays while the task exists). */
  async taskImage(taskId: string) {
    const task = await reviewTasks.byId(this.deps.db, taskId);
    if (task?.kind !== IMMERSIVE_TASK) throw notFound({ zh: '审核任务不存在', en: 'No such review task', ru: 'Такой задачи проверки нет' });
    const file = await fileById(this.deps.db, snapshotOf(task).imageObjectId);
    if (!file || file.state !== 'ready') throw notFound({ zh: '该任务的图片已被删除', en: 'The picture of this task was deleted', ru: 'Изображение этой задачи удалено' });
    return file;
  }

  async decide(caller: Caller, d: { taskId: string; decision: 'approve' | 'reject'; comment?: string | undefined }) {
    const { db, clock } = this.deps;
    const task = await db.transaction(async (tx) => {
      // The info is locked before the task (close locks it), the order submit and cancel take too.
      const found = await reviewTasks.byId(tx, d.taskId);
      if (found?.kind !== IMMERSIVE_TASK) throw notFound({ zh: '审核任务不存在', en: 'No such review task', ru: 'Такой задачи проверки нет' });
      const row = await immersiveRepo.lock(tx, found.appId);
      // Read again under the lock: another reviewer may have decided it meanwhile.
      const open = (await reviewTasks.byId(tx, found.id))!;
      if (open.state !== 'open') throw conflict({ zh: `该审核任务已结束（${open.state}）`, en: `The review task is ${open.state} already`, ru: `Задача проверки уже в состоянии ${open.state}` });
      // The app or its info was deleted meanwhile: the task goes with it.
      if (!row || row.state !== 'review') throw notFound({ zh: '该任务的应用或沉浸式信息已被删除', en: 'The app or immersive info of this task was deleted', ru: 'Приложение или иммерсивные сведения этой задачи удалены' });
      const now = clock.now();
      const approved = d.decision === 'approve';
      const closed = await reviewTasks.close(tx, open.id, { decision: d.decision, reasons: [], comment: d.comment }, { id: caller.userId, kind: 'operator', ip: caller.ip }, now);
      await immersiveRepo.update(
        tx,
        open.appId,
        approved ? { state: 'approved', published: snapshotOf(open), rejection: null, updatedAt: now } : { state: 'rejected', rejection: { comment: d.comment ?? '', at: now.toISOString() }, updatedAt: now },
      );
      await writeAudit(tx, clock, { action: approved ? 'immersive.approve' : 'immersive.reject', teamId: open.teamId, actorId: caller.userId, ip: caller.ip, actorKind: 'operator', targetType: 'app', targetId: open.appId, data: { taskId: open.id, comment: d.comment ?? null } });
      return closed;
    });
    return { task: (await this.tasksOut([task]))[0]! };
  }
}
