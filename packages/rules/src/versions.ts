/**
 * A version's release states (AppGallery Connect's releaseState numbers) and the one
 * table of what may happen in each. The server enforces it; the console reads it to show
 * only the buttons a state allows, so both sides cannot disagree.
 */
export const RELEASE_STATE = Object.freeze({
  onShelf: 0,
  releaseRejected: 1,
  removedByPlatform: 2,
  waiting: 3,
  underReview: 4,
  updateUnderReview: 5,
  shelfOffRequested: 6,
  draft: 7,
  updateRejected: 8,
  shelfOffRejected: 9,
  removedByDeveloper: 10,
  onShelfCancelled: 11,
} as const);

export type ReleaseState = (typeof RELEASE_STATE)[keyof typeof RELEASE_STATE];

export const RELEASE_STATES: readonly ReleaseState[] = Object.freeze(Object.values(RELEASE_STATE).sort((a, b) => a - b));

export const RELEASE_STATE_NAMES: Readonly<Record<ReleaseState, { zh: string; en: string; ru: string }>> = Object.freeze({
  0: { zh: '已上架', en: 'on shelf', ru: 'в продаже' },
  1: { zh: '上架审核不通过', en: 'release rejected', ru: 'выпуск отклонён' },
  2: { zh: '已被平台下架', en: 'removed by the platform', ru: 'снято платформой' },
  3: { zh: '审核通过，等待上架', en: 'approved, waiting for its release time', ru: 'одобрено, ждёт времени выпуска' },
  4: { zh: '上架审核中', en: 'under review', ru: 'на проверке' },
  5: { zh: '升级审核中', en: 'update under review', ru: 'обновление на проверке' },
  6: { zh: '下架申请审核中', en: 'shelf-off requested', ru: 'запрошено снятие с продажи' },
  7: { zh: '草稿', en: 'draft', ru: 'черновик' },
  8: { zh: '升级审核不通过', en: 'update rejected', ru: 'обновление отклонено' },
  9: { zh: '下架申请被驳回', en: 'shelf-off rejected', ru: 'снятие с продажи отклонено' },
  10: { zh: '已被开发者下架', en: 'removed by developer', ru: 'снято разработчиком' },
  11: { zh: '已取消上架', en: 'on-shelf cancelled', ru: 'выпуск отменён' },
});

export function isReleaseState(n: number): n is ReleaseState {
  return (RELEASE_STATES as readonly number[]).includes(n);
}

/**
 * States in which a version is still being prepared or released. While an app has a
 * version in one of them, "create version" opens that one instead of starting another
 * (draft, in review, rejected, waiting, plus the states the domain says turn back into a
 * draft on the next edit: removed and cancelled).
 */
export const UNRELEASED_STATES: readonly ReleaseState[] = Object.freeze([7, 4, 5, 1, 8, 3, 11, 10, 2]);

/** States in which a version is what devices get: on shelf, and on shelf while its removal waits for review. */
export const LIVE_STATES: readonly ReleaseState[] = Object.freeze([RELEASE_STATE.onShelf, RELEASE_STATE.shelfOffRequested]);

/** States whose listing, package and settings may be edited (an edit makes it a draft). */
export const EDITABLE_STATES: readonly ReleaseState[] = Object.freeze([7, 1, 8, 2, 10, 11]);

export type DeveloperAction =
  | 'edit'
  | 'delete'
  | 'submit'
  | 'cancelOnShelf'
  | 'urge'
  | 'changeReleaseTime'
  | 'releaseNow'
  | 'requestShelfOff'
  | 'cancelShelfOff'
  | 'requestRollback'
  | 'cancelRollback';
export type ReviewerAction = 'approve' | 'reject' | 'approveShelfOff' | 'rejectShelfOff' | 'approveRollback' | 'rejectRollback';
/**
 * The scheduled release firing at its time; a phased release terminated (its ROLLBACK
 * state change: the version leaves the shelf at once, without review).
 */
export type SystemAction = 'release' | 'terminatePhase';
export type VersionAction = DeveloperAction | ReviewerAction | SystemAction;

export const DEVELOPER_ACTIONS: readonly DeveloperAction[] = Object.freeze([
  'edit', 'delete', 'submit', 'cancelOnShelf', 'urge', 'changeReleaseTime', 'releaseNow', 'requestShelfOff', 'cancelShelfOff', 'requestRollback', 'cancelRollback',
]);
export const REVIEWER_ACTIONS: readonly ReviewerAction[] = Object.freeze(['approve', 'reject', 'approveShelfOff', 'rejectShelfOff', 'approveRollback', 'rejectRollback']);
export const VERSION_ACTIONS: readonly VersionAction[] = Object.freeze([...DEVELOPER_ACTIONS, ...REVIEWER_ACTIONS, 'release', 'terminatePhase']);

/** Facts beside the state that decide where an action leads. */
export interface TransitionContext {
  /** A rollback request of this on-shelf version awaits review ("on shelf (rollback under review)"). */
  rollbackPending: boolean;
  /** The app was never on shelf: a submission is a first release (4), else an update (5). */
  firstRelease: boolean;
  /** Approval with a release time still ahead waits for it (3) instead of going on shelf (0). */
  releaseTimeAhead: boolean;
}

/** 'deleted' for a removed version; the rest are release states. */
export type TransitionTarget = ReleaseState | 'deleted';

interface Rule {
  from: readonly ReleaseState[];
  /** Only with (true) or only without (false) a pending rollback; any when absent. */
  rollbackPending?: boolean;
  to: (ctx: TransitionContext, from: ReleaseState) => TransitionTarget;
}

const stay = (_: TransitionContext, from: ReleaseState) => from;

/** The transition table: one rule per action. */
const TABLE: Record<VersionAction, Rule> = {
  edit: { from: EDITABLE_STATES, to: () => 7 },
  // Only versions that never reached the shelf disappear; the others are history.
  delete: { from: [7, 1, 8, 11], to: () => 'deleted' },
  submit: { from: EDITABLE_STATES, to: (c) => (c.firstRelease ? 4 : 5) },
  // Withdraws a submission (back to draft) or cancels a waiting release (11).
  cancelOnShelf: { from: [4, 5, 3], to: (_c, from) => (from === 3 ? 11 : 7) },
  // On shelf, only a rollback under review can be urged.
  urge: { from: [4, 5, 6, 0], to: stay },
  changeReleaseTime: { from: [3], to: stay },
  releaseNow: { from: [3], to: () => 0 },
  requestShelfOff: { from: [0], rollbackPending: false, to: () => 6 },
  cancelShelfOff: { from: [6], to: () => 0 },
  requestRollback: { from: [0], rollbackPending: false, to: stay },
  // Withdraws the rollback request still under review: on shelf as before.
  cancelRollback: { from: [0], rollbackPending: true, to: stay },
  approve: { from: [4, 5], to: (c) => (c.releaseTimeAhead ? 3 : 0) },
  reject: { from: [4, 5], to: (_c, from) => (from === 4 ? 1 : 8) },
  approveShelfOff: { from: [6], to: () => 10 },
  // Passes through 9 (shelf-off rejected) and is on shelf again.
  rejectShelfOff: { from: [6], to: () => 0 },
  approveRollback: { from: [0], rollbackPending: true, to: () => 10 },
  rejectRollback: { from: [0], rollbackPending: true, to: stay },
  release: { from: [3], to: () => 0 },
  terminatePhase: { from: [0, 6], rollbackPending: false, to: () => 10 },
};
export const TRANSITIONS: Readonly<Record<VersionAction, Rule>> = Object.freeze(TABLE);

export type TransitionResult = { ok: true; to: TransitionTarget } | { ok: false };

export function transition(state: ReleaseState, action: VersionAction, ctx: TransitionContext): TransitionResult {
  const rule = TRANSITIONS[action];
  if (!rule.from.includes(state)) return { ok: false };
  if (action === 'urge' && state === 0 && !ctx.rollbackPending) return { ok: false };
  if (rule.rollbackPending !== undefined && state === 0 && rule.rollbackPending !== ctx.rollbackPending) return { ok: false };
  return { ok: true, to: rule.to(ctx, state) };
}

/** The developer actions a version allows now: the buttons of the release status area. */
export function allowedActions(state: ReleaseState, ctx: TransitionContext): DeveloperAction[] {
  return DEVELOPER_ACTIONS.filter((a) => transition(state, a, ctx).ok);
}

/** A version's age rating, as AppGallery lists them: needed before a version is submitted. */
export const AGE_RATINGS = Object.freeze(['3+', '7+', '12+', '16+', '18+'] as const);
export type AgeRating = (typeof AGE_RATINGS)[number];

export function isAgeRating(value: unknown): value is AgeRating {
  return typeof value === 'string' && (AGE_RATINGS as readonly string[]).includes(value);
}

/** Store listing limits (characters), as AppGallery Connect users know them. */
export const LISTING_LIMITS = Object.freeze({ name: 64, brief: 80, briefChinese: 17, description: 8000, newFeatures: 1000 });

/** Media of a listing: 3 to 5 screenshots, up to 3 videos. */
export const LISTING_MEDIA = Object.freeze({ screenshotsMin: 3, screenshotsMax: 5, videosMax: 3 });

/** The one-sentence brief is 17 characters in Chinese listings, 80 in the others. */
export function briefLimitOf(languageKey: string): number {
  return languageKey.startsWith('zh') ? LISTING_LIMITS.briefChinese : LISTING_LIMITS.brief;
}

/** Characters as people count them (code points), so an emoji is one, not two. */
export function textLength(text: string): number {
  return [...text].length;
}

/** Urging a review is allowed once a day. */
export const URGE_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** Phased release states (domain.md, Phased release). */
export const PHASE_STATES = ['pending', 'active', 'paused', 'completed', 'terminated'] as const;
export type PhaseState = (typeof PHASE_STATES)[number];

/**
 * State changes of a phased release, named as in AppGallery Connect's publishing API:
 * UPDATE (percentage up, period, note), SUSPEND, RESUME, RELEASE (convert to full),
 * ROLLBACK (terminate: the previous version is current again, without review).
 * START and END are the clock's: the period begins, the period ends.
 */
export const PHASE_ACTIONS = ['UPDATE', 'SUSPEND', 'RESUME', 'RELEASE', 'ROLLBACK', 'START', 'END'] as const;
export type PhaseAction = (typeof PHASE_ACTIONS)[number];

const PHASE_TABLE: Record<PhaseAction, Partial<Record<PhaseState, PhaseState>>> = {
  UPDATE: { pending: 'pending', active: 'active', paused: 'paused' },
  SUSPEND: { active: 'paused' },
  RESUME: { paused: 'active' },
  RELEASE: { pending: 'completed', active: 'completed', paused: 'completed' },
  ROLLBACK: { pending: 'terminated', active: 'terminated', paused: 'terminated' },
  START: { pending: 'active' },
  // A paused release does not convert at the end time.
  END: { active: 'completed' },
};
export const PHASE_TRANSITIONS: Readonly<Record<PhaseAction, Readonly<Partial<Record<PhaseState, PhaseState>>>>> = Object.freeze(PHASE_TABLE);

export function phaseTransition(state: PhaseState, action: PhaseAction): PhaseState | null {
  return PHASE_TRANSITIONS[action][state] ?? null;
}

export const PHASE_STATE_NAMES: Readonly<Record<PhaseState, { zh: string; en: string; ru: string }>> = Object.freeze({
  pending: { zh: '等待开始', en: 'waiting to start', ru: 'ждёт начала' },
  active: { zh: '进行中', en: 'active', ru: 'идёт' },
  paused: { zh: '已暂停', en: 'paused', ru: 'приостановлен' },
  completed: { zh: '已转为全量发布', en: 'converted to full release', ru: 'переведён в полный выпуск' },
  terminated: { zh: '已终止', en: 'terminated', ru: 'прекращён' },
});

/** A phase lasts at most this long. */
export const PHASE_MAX_DAYS = 365;
