import type { MessageLanguage } from '@wharf/contract';
import type { ReviewTask, Version } from '@wharf/contract';
import { allowedActions, isAgeRating, isReleaseState, RELEASE_STATE_NAMES, type ReleaseState } from '@wharf/rules';
import type { LocalisedText } from '../../platform/http/errors';
import type { ListingRow, VersionRow } from './repo';
import type { TaskRow } from './review-tasks-repo';

export type Lang = MessageLanguage;

export function stateName(state: number, lang: Lang): string {
  return isReleaseState(state) ? RELEASE_STATE_NAMES[state][lang] : String(state);
}

/** "Not allowed while ..." naming the current state, in both languages. */
export function stateRefusal(row: VersionRow): LocalisedText {
  const s = row.releaseState;
  if (row.supersededAt) {
    return { zh: '该版本已成为历史版本，不允许此操作', en: 'This is a history version (a later release replaced it); nothing can change it', ru: 'Это архивная версия (её заменил более поздний выпуск); изменить её нельзя' };
  }
  const pending = row.rollbackPending ? { zh: '（回退审核中）', en: ' (rollback under review)', ru: ' (откат на проверке)' } : { zh: '', en: '', ru: '' };
  return {
    zh: `版本当前状态为「${stateName(s, 'zh')}${pending.zh}」（releaseState ${s}），不允许此操作`,
    en: `Not allowed while the version is ${stateName(s, 'en')}${pending.en} (releaseState ${s})`, ru: `Нельзя, пока версия в состоянии «${stateName(s, 'ru')}»${pending.ru} (releaseState ${s})`,
  };
}

/** A rollback withdrawal with no rollback under review, naming the state the version is in. */
export function noRollbackRefusal(row: VersionRow): LocalisedText {
  const s = row.releaseState;
  return {
    zh: `没有待审核的回退申请可以撤回：版本当前状态为「${stateName(s, 'zh')}」（releaseState ${s}）`,
    en: `There is no rollback request under review to withdraw: the version is ${stateName(s, 'en')} (releaseState ${s})`, ru: `Нет запроса на откат на проверке, который можно отозвать: версия в состоянии «${stateName(s, 'ru')}» (releaseState ${s})`,
  };
}

export type ExpansionOut = Version['expansionFiles'][number];

export function versionOut(row: VersionRow, listings: ListingRow[], lang: Lang, firstRelease: boolean, urgedAt: Date | null = null, expansionFiles: ExpansionOut[] = []): Version {
  const state = row.releaseState as ReleaseState;
  return {
    versionId: row.id,
    appId: row.appId,
    releaseState: state,
    stateName: stateName(state, lang),
    releaseType: row.releaseType as Version['releaseType'],
    pkgId: row.packageId,
    noPackage: row.noPackage,
    expansionFiles,
    versionCode: row.versionCode,
    versionName: row.versionName,
    countries: row.countries,
    releaseAt: row.releaseAt?.toISOString() ?? null,
    reviewNotes: row.reviewNotes,
    testAccount: row.testAccount ?? null,
    ageRating: isAgeRating(row.ageRating) ? row.ageRating : null,
    listings: listings
      .filter((l) => l.versionId === row.id)
      .map((l) => ({
        language: l.language,
        name: l.name,
        brief: l.brief,
        description: l.description,
        newFeatures: l.newFeatures,
        iconObjectId: l.iconObjectId,
        screenshotObjectIds: l.screenshotObjectIds,
        videoObjectIds: l.videoObjectIds,
        updatedAt: l.updatedAt.toISOString(),
      })),
    rollbackPending: row.rollbackPending,
    superseded: row.supersededAt !== null,
    allowedActions: row.supersededAt ? [] : allowedActions(state, { rollbackPending: row.rollbackPending, firstRelease, releaseTimeAhead: false }),
    rejection: row.rejection ?? null,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    urgedAt: urgedAt?.toISOString() ?? null,
    onShelfAt: row.onShelfAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function taskOut(t: TaskRow, version: Pick<VersionRow, 'versionCode' | 'versionName'> | undefined, app: { name: string; packageName: string } | undefined): ReviewTask {
  return {
    taskId: t.id,
    kind: t.kind as ReviewTask['kind'],
    state: t.state as ReviewTask['state'],
    versionId: t.subjectId,
    appId: t.appId,
    appName: app?.name ?? '',
    packageName: app?.packageName ?? '',
    teamId: t.teamId,
    versionCode: version?.versionCode ?? null,
    versionName: version?.versionName ?? null,
    reason: t.reason,
    submittedAt: t.submittedAt.toISOString(),
    urgedAt: t.urgedAt?.toISOString() ?? null,
    urged: t.urgedAt !== null,
    reviewerId: t.reviewerId,
    decidedAt: t.decidedAt?.toISOString() ?? null,
    reasons: t.reasons,
    comment: t.comment,
  };
}
