import type { ReviewTask, Version } from '@wharf/contract';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { notFound } from '../../platform/http/errors';
import { versionDiff } from './diff';
import { REVIEW_SUBJECTS, type ReviewSubject } from './points';
import { taskOut, type Lang } from './present';
import { phaseOut } from './phased';
import { versionsRepo } from './repo';
import { reviewTasks, type TaskRow } from './review-tasks';
import type { VersionsService } from './service';
import { appById } from '../apps/public';
import { signedDownloadsOf } from '../files/public';
import { packageOfApp } from '../packages/public';

/** How long a reviewer's addresses of a developer's files stay valid. */
const REVIEW_URL_SECONDS = 3600;

/** The kinds of task the release machine decides itself. */
const RELEASE_TASK_KINDS = ['release', 'update', 'shelfOff', 'rollback'];

/** The reviewers' side: the queue, a task with what it needs to be judged, decisions. */
export class ReviewService {
  constructor(
    private readonly deps: Deps,
    private readonly versions: VersionsService,
  ) {}

  /** The family that keeps a task's subject, when it is not a version of the release machine. */
  private subject(task: TaskRow): ReviewSubject | undefined {
    return this.deps.extensions.all(REVIEW_SUBJECTS).find((s) => s.kind === task.kind);
  }

  /** The release machine's kinds and those of the subjects other families keep. */
  private kinds(): string[] {
    return [...RELEASE_TASK_KINDS, ...this.deps.extensions.all(REVIEW_SUBJECTS).map((s) => s.kind)];
  }

  private async out(rows: TaskRow[]): Promise<ReviewTask[]> {
    const { db } = this.deps;
    return Promise.all(
      rows.map(async (t) => taskOut(t, await (this.subject(t)?.naming(db, t.subjectId) ?? versionsRepo.byIdAnyApp(db, t.subjectId)), await appById(db, t.teamId, t.appId))),
    );
  }

  async queue(q: { state: string; kind?: string | undefined; pageSize: number; cursor?: string | undefined }) {
    // This queue is the versions' and test versions'; immersive banners and qualifications have their own calls.
    const { page, nextCursor } = await reviewTasks.page(this.deps.db, { kinds: q.kind ? [q.kind] : this.kinds(), state: q.state }, q.pageSize, q.cursor);
    return { items: await this.out(page), nextCursor };
  }

  async detail(taskId: string, lang: Lang) {
    const { db } = this.deps;
    const task = await reviewTasks.byId(db, taskId);
    if (!task) throw notFound({ zh: '审核任务不存在', en: 'No such review task', ru: 'Такой задачи проверки нет' });
    const subject = this.subject(task);
    if (subject) return this.subjectDetail(subject, task, lang);
    const row = await versionsRepo.byIdAnyApp(db, task.subjectId);
    const app = await appById(db, task.teamId, task.appId);
    // The app (and its versions) may have been deleted since the task was opened.
    if (!row || !app) throw notFound({ zh: '该任务的应用或版本已被删除', en: 'The app or version of this task was deleted', ru: 'Приложение или версия этой задачи удалены' });
    const current = await versionsRepo.current(db, task.appId);
    const pkg = row.packageId ? await packageOfApp(db, row.appId, row.packageId) : undefined;
    // A removal or a rollback is asked of the version on shelf itself; a release or update, once
    // approved, is on shelf itself and is compared with the one it replaced.
    const request = task.kind === 'shelfOff' || task.kind === 'rollback';
    const compared = request || !current ? undefined : current.id !== row.id ? current : await versionsRepo.previousOnShelf(db, task.appId, row.id);
    const shown = request ? current : compared;
    const diff = compared
      ? versionDiff(
          { row: compared, listings: await versionsRepo.listings(db, [compared.id]), pkg: compared.packageId ? await packageOfApp(db, compared.appId, compared.packageId) : undefined },
          { row, listings: await versionsRepo.listings(db, [row.id]), pkg },
        )
      : null;
    const version = await this.versions.present(db, row, lang, app);
    const onShelf = shown ? await this.versions.present(db, shown, lang, app) : null;
    const media = await this.mediaOf(task.teamId, [version, onShelf]);
    return {
      diff,
      task: (await this.out([task]))[0]!,
      version,
      completeness: await this.versions.completeness(row, app),
      onShelf,
      package: pkg ? await this.packageOut(task.teamId, pkg) : null,
      media,
      phasedRelease: row.releaseType === 'phased' ? await this.phaseOf(row.id) : null,
    };
  }

  /** What a reviewer sees of the developer's files: signed addresses, an hour long, of these listings' images and videos. */
  private mediaOf(teamId: string, versions: Array<Version | null>): Promise<Record<string, string>> {
    const ids = versions.flatMap((v) => v?.listings.flatMap((l) => [...(l.iconObjectId ? [l.iconObjectId] : []), ...l.screenshotObjectIds, ...l.videoObjectIds]) ?? []);
    return signedDownloadsOf(this.deps, teamId, ids, REVIEW_URL_SECONDS);
  }

  /** The package's facts, and an address to download it and try it on a device. */
  private async packageOut(teamId: string, pkg: NonNullable<Awaited<ReturnType<typeof packageOfApp>>>) {
    const urls = await signedDownloadsOf(this.deps, teamId, [pkg.fileId], REVIEW_URL_SECONDS);
    return { fileName: pkg.fileName, size: pkg.size, sha256: pkg.sha256, minSdk: pkg.minSdk, targetSdk: pkg.targetSdk, permissions: pkg.permissions, downloadUrl: urls[pkg.fileId] ?? null };
  }

  private async phaseOf(versionId: string) {
    const phase = await versionsRepo.phase(this.deps.db, versionId);
    return phase ? phaseOut(phase) : null;
  }

  /** Another family's subject (a test version) and its package, beside the app's version on shelf. */
  private async subjectDetail(subject: ReviewSubject, task: TaskRow, lang: Lang) {
    const { db } = this.deps;
    const shown = await subject.detail(db, task.subjectId, lang);
    const app = await appById(db, task.teamId, task.appId);
    if (!shown || !app) throw notFound({ zh: '该任务的应用或版本已被删除', en: 'The app or version of this task was deleted', ru: 'Приложение или версия этой задачи удалены' });
    const current = await versionsRepo.current(db, task.appId);
    const pkg = shown.packageId ? await packageOfApp(db, task.appId, shown.packageId) : undefined;
    return {
      diff: null,
      task: (await this.out([task]))[0]!,
      version: null,
      completeness: null,
      ...shown.shown,
      onShelf: current ? await this.versions.present(db, current, lang, app) : null,
      package: pkg ? await this.packageOut(task.teamId, pkg) : null,
    };
  }

  async submit(caller: Caller, d: { taskId: string; decision: 'approve' | 'reject'; releaseAt?: string | undefined; reasons: string[]; comment?: string | undefined }) {
    const actor = { kind: 'operator' as const, id: caller.userId, ip: caller.ip };
    const { task } = await this.deps.db.transaction(async (tx) => {
      const found = await reviewTasks.byId(tx, d.taskId);
      // Another family's subject has its own machine; the other kinds are the release machine's.
      const subject = found && this.subject(found);
      if (subject) return { task: await subject.decide(tx, found, d, actor) };
      return this.versions.decideInTx(tx, d.taskId, d, actor);
    });
    return { task: (await this.out([task!]))[0]! };
  }
}
