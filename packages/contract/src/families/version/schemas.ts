import { z } from 'zod';
import { AGE_RATINGS, DEVELOPER_ACTIONS, LISTING_LIMITS, LISTING_MEDIA, RELEASE_STATES } from '@wharf/rules';
import { languageKey } from '../app';
import { refused } from '../../kit/field-errors';

export const RELEASE_TYPES = ['full', 'phased'] as const;
export const releaseState = z.number().int().refine((n) => (RELEASE_STATES as readonly number[]).includes(n), refused('releaseState'));

/** A listing as written: every text optional while drafting; the completeness check says what is missing. */
export const listingInput = z.object({
  language: languageKey,
  name: z.string().trim().max(LISTING_LIMITS.name).optional(),
  // The Chinese limit (17) depends on the language; the server checks it and names the field.
  brief: z.string().trim().max(LISTING_LIMITS.brief).optional(),
  description: z.string().max(LISTING_LIMITS.description).optional(),
  newFeatures: z.string().max(LISTING_LIMITS.newFeatures).optional(),
  /** Uploaded files of the team: an image; up to 5 images (3 needed to submit); up to 3 videos. */
  iconObjectId: z.uuid().nullable().optional(),
  screenshotObjectIds: z.array(z.uuid()).max(LISTING_MEDIA.screenshotsMax).optional(),
  videoObjectIds: z.array(z.uuid()).max(LISTING_MEDIA.videosMax).optional(),
});

export const listing = z.object({
  language: z.string(),
  name: z.string(),
  brief: z.string(),
  description: z.string(),
  newFeatures: z.string(),
  iconObjectId: z.string().nullable(),
  screenshotObjectIds: z.array(z.string()),
  videoObjectIds: z.array(z.string()),
  updatedAt: z.string(),
});
export type Listing = z.infer<typeof listing>;

export const testAccount = z.object({ account: z.string().trim().min(1).max(128), password: z.string().min(1).max(128) });

export const rejection = z.object({ reasons: z.array(z.string()), comment: z.string().nullable(), at: z.string() });

export const version = z.object({
  versionId: z.string(),
  appId: z.string(),
  releaseState,
  /** The state's name in the caller's language. */
  stateName: z.string(),
  releaseType: z.enum(RELEASE_TYPES),
  pkgId: z.string().nullable(),
  /** Released without a package: a pre-registration page before the first release; devices get nothing. */
  noPackage: z.boolean(),
  /** An Android APK version's expansion files (OBB). */
  expansionFiles: z.array(z.object({ slot: z.enum(['main', 'patch']), pkgId: z.string(), fileName: z.string(), size: z.number().int() })),
  versionCode: z.number().int().nullable(),
  versionName: z.string().nullable(),
  countries: z.array(z.string()),
  /** Release time asked for; null means at once after approval. */
  releaseAt: z.string().nullable(),
  reviewNotes: z.string().nullable(),
  testAccount: testAccount.nullable(),
  /** The age rating (AGE_RATINGS); needed before submitting. */
  ageRating: z.enum(AGE_RATINGS).nullable(),
  listings: z.array(listing),
  /** On shelf with a rollback request under review. */
  rollbackPending: z.boolean(),
  /** A newer release replaced it (or it was rolled back): a history version. */
  superseded: z.boolean(),
  /** The developer actions the state allows now (the buttons). */
  allowedActions: z.array(z.enum(DEVELOPER_ACTIONS)),
  rejection: rejection.nullable(),
  submittedAt: z.string().nullable(),
  urgedAt: z.string().nullable(),
  onShelfAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Version = z.infer<typeof version>;

export const MISSING_FIELDS = ['package', 'countries', 'ageRating', 'defaultListing', 'name', 'brief', 'description', 'icon', 'iconImage', 'screenshots', 'screenshotImages', 'phasedRelease'] as const;
export type MissingField = (typeof MISSING_FIELDS)[number];

export const completeness = z.object({
  complete: z.boolean(),
  missing: z.array(z.object({ field: z.enum(MISSING_FIELDS), language: z.string().optional() })),
  /** The package's versionCode equals the on-shelf one's: existing users will not be upgraded. */
  versionCodeWarning: z.boolean(),
});

export const versionRef = z.object({ appId: z.uuid(), versionId: z.uuid() });

export const historyEvent = z.object({
  action: z.string(),
  fromState: z.number().int().nullable(),
  toState: z.number().int().nullable(),
  actorKind: z.enum(['user', 'operator', 'system', 'api-client']),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  at: z.string(),
  data: z.record(z.string(), z.unknown()),
});

/** Reasons a reviewer picks from (free text goes beside them). */
export const REVIEW_REASONS = {
  nameMismatch: { zh: '应用名称或图标与软件包不一致', en: 'The name or icon does not match the package', ru: 'Название или значок не соответствуют пакету' },
  weakBrief: { zh: '一句话简介不够清晰', en: 'The brief introduction does not describe the app', ru: 'Краткое описание не описывает приложение' },
  minApiTooHigh: { zh: '最低 API 级别过高', en: 'The minimum API level is too high', ru: 'Минимальный уровень API слишком высокий' },
  thinFunctionality: { zh: '功能过于简单', en: 'The app offers too little functionality', ru: 'У приложения слишком мало функций' },
  privacyPolicy: { zh: '隐私政策缺失或不一致', en: 'The privacy policy is missing or inconsistent', ru: 'Политика конфиденциальности отсутствует или противоречива' },
  crashes: { zh: '应用无法正常运行', en: 'The app crashes or does not start', ru: 'Приложение падает или не запускается' },
  misleadingContent: { zh: '内容具有误导性', en: 'The listing is misleading', ru: 'Описание вводит в заблуждение' },
  other: { zh: '其他', en: 'Other', ru: 'Другое' },
} as const;
export const REVIEW_REASON_KEYS = Object.keys(REVIEW_REASONS) as [keyof typeof REVIEW_REASONS, ...(keyof typeof REVIEW_REASONS)[]];

export const REVIEW_TASK_KINDS = ['release', 'update', 'shelfOff', 'rollback', 'testVersion'] as const;
export const REVIEW_TASK_STATES = ['open', 'approved', 'rejected', 'withdrawn'] as const;

export const reviewTask = z.object({
  taskId: z.string(),
  kind: z.enum(REVIEW_TASK_KINDS),
  state: z.enum(REVIEW_TASK_STATES),
  versionId: z.string(),
  appId: z.string(),
  appName: z.string(),
  packageName: z.string(),
  teamId: z.string(),
  versionCode: z.number().int().nullable(),
  versionName: z.string().nullable(),
  reason: z.string().nullable(),
  submittedAt: z.string(),
  urgedAt: z.string().nullable(),
  urged: z.boolean(),
  reviewerId: z.string().nullable(),
  decidedAt: z.string().nullable(),
  reasons: z.array(z.string()),
  comment: z.string().nullable(),
});
export type ReviewTask = z.infer<typeof reviewTask>;

