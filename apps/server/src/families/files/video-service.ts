import type { MessageLanguage } from '@wharf/contract';
import { inLanguage } from '../../platform/http/language';
import { writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { notFound } from '../../platform/http/errors';
import { filesRepo, type VideoParseRow } from './repo';
import type { FilesService } from './service';
import { parseVideo, VideoParseError } from './video';

export const VIDEO_QUEUE = 'video-parse';

export function videoTaskOut(r: VideoParseRow, lang: MessageLanguage) {
  return {
    taskId: r.id,
    objectId: r.fileId,
    state: r.state as 'parsing' | 'parsed' | 'failed',
    video: r.facts ?? null,
    failureReason: inLanguage(r.failureReason, lang),
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}

/** Video parses: a task row now, the container read by a background worker. */
export class VideoService {
  constructor(
    private readonly deps: Deps,
    private readonly files: FilesService,
  ) {}

  async start(caller: Caller, objectId: string): Promise<VideoParseRow> {
    const { db, clock, jobs } = this.deps;
    const file = await this.files.get(caller, objectId);
    const row = await db.transaction(async (tx) => {
      const created = await filesRepo.insertVideoParse(tx, { teamId: caller.teamId!, fileId: file.id, state: 'parsing', createdBy: caller.userId!, createdAt: clock.now() });
      await writeAudit(tx, clock, { action: 'file.videoParse', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'file', targetId: file.id, data: { taskId: created.id } });
      return created;
    });
    await jobs.send(VIDEO_QUEUE, { taskId: row.id });
    return row;
  }

  async result(caller: Caller, taskId: string): Promise<VideoParseRow> {
    const row = await filesRepo.videoParse(this.deps.db, taskId);
    if (!row || row.teamId !== caller.teamId) throw notFound();
    return row;
  }

  /** The worker: a damaged or foreign file ends the task as failed with a reason, never retried. */
  async parse(taskId: string): Promise<void> {
    const { db, storage } = this.deps;
    const row = await filesRepo.videoParse(db, taskId);
    if (!row || row.state !== 'parsing') return;
    const file = await filesRepo.byId(db, row.fileId);
    let set: Parameters<typeof filesRepo.finishVideoParse>[2];
    if (!file || file.state !== 'ready') set = { state: 'failed', failureReason: { zh: '视频文件已不存在', en: 'The video file no longer exists', ru: 'Видеофайла больше нет' } };
    else {
      try {
        set = { state: 'parsed', facts: await parseVideo(storage, file.storageKey, file.size) };
      } catch (err) {
        if (!(err instanceof VideoParseError)) throw err;
        set = { state: 'failed', failureReason: err.text };
      }
    }
    await this.#finish(row, set);
  }

  /**
   * A parse that ran out of attempts (it threw, or its process died under it, every time)
   * ends the task as failed with a reason, rather than parsing for ever.
   */
  async gaveUp(taskId: string): Promise<void> {
    const row = await filesRepo.videoParse(this.deps.db, taskId);
    if (!row || row.state !== 'parsing') return;
    await this.#finish(row, { state: 'failed', failureReason: { zh: '视频多次解析均未完成，请重试；如仍失败请联系支持', en: 'Parsing this video did not finish after several attempts; try again, and contact support if it keeps failing', ru: 'Разбор видео не завершился за несколько попыток; попробуйте снова, а если ошибка повторится, обратитесь в поддержку' } });
  }

  /** The task's outcome and its audit event, once: a parse run twice (a job sent again by the sweep) finishes it once. */
  async #finish(row: VideoParseRow, set: Parameters<typeof filesRepo.finishVideoParse>[2]): Promise<void> {
    const { db, clock } = this.deps;
    await db.transaction(async (tx) => {
      if (!(await filesRepo.finishVideoParse(tx, row.id, { ...set, finishedAt: clock.now() }))) return;
      await writeAudit(tx, clock, { action: set.state === 'parsed' ? 'file.videoParsed' : 'file.videoParseFailed', teamId: row.teamId, actorKind: 'system', targetType: 'file', targetId: row.fileId, data: { taskId: row.id } });
    });
  }
}
