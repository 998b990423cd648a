import type { MessageLanguage } from '@wharf/contract';
import type { TestGroup, Tester, TestInvitation, TestVersion } from '@wharf/contract';
import { allowedTestActions, isTestState, TEST_STATE_NAMES, type TestState } from '@wharf/rules';
import type { LocalisedText } from '../../platform/http/errors';
import type { GroupRow, InvitationRow, TesterRow, TestVersionRow } from './repo';

export type Lang = MessageLanguage;

export const openTestLink = (publicUrl: string | null, code: string) => `${publicUrl ?? ''}/#/app/openTest?code=${code}`;

export function groupOut(g: GroupRow, memberCount: number): TestGroup {
  return { groupId: g.id, name: g.name, memberCount, createdAt: g.createdAt.toISOString(), updatedAt: g.updatedAt.toISOString() };
}

export function testerOut(t: TesterRow): Tester {
  return {
    testerId: t.id,
    groupId: t.groupId,
    email: t.email,
    name: t.name,
    source: t.source as Tester['source'],
    joinedAt: t.joinedAt?.toISOString() ?? null,
    createdAt: t.createdAt.toISOString(),
  };
}

export function invitationState(i: InvitationRow, now: Date): TestInvitation['state'] {
  if (i.expiresAt.getTime() <= now.getTime()) return 'expired';
  return i.admissions >= i.maxAdmissions ? 'full' : 'active';
}

export function invitationOut(i: InvitationRow, now: Date, publicUrl: string | null): TestInvitation {
  return {
    invitationId: i.id,
    groupId: i.groupId,
    code: i.code,
    link: openTestLink(publicUrl, i.code),
    state: invitationState(i, now),
    admissions: i.admissions,
    maxAdmissions: i.maxAdmissions,
    expiresAt: i.expiresAt.toISOString(),
    createdAt: i.createdAt.toISOString(),
  };
}

export function testStateOf(row: TestVersionRow): TestState {
  if (!isTestState(row.state)) throw new Error(`unknown test state ${row.state}`);
  return row.state;
}

export function testVersionOut(row: TestVersionRow, lang: Lang, downloads: number): TestVersion {
  const state = testStateOf(row);
  return {
    testVersionId: row.id,
    appId: row.appId,
    name: row.name,
    kind: row.kind as TestVersion['kind'],
    state,
    stateName: TEST_STATE_NAMES[state][lang],
    pkgId: row.packageId,
    versionCode: row.versionCode,
    versionName: row.versionName,
    groupIds: row.groupIds,
    startAt: row.startAt.toISOString(),
    endAt: row.endAt.toISOString(),
    installCap: row.installCap,
    installs: row.installs,
    downloads,
    allowedActions: allowedTestActions(state),
    rejection: row.rejection ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** "Not allowed while ..." naming the test version's current state. */
export function testStateRefusal(row: TestVersionRow): LocalisedText {
  const s = testStateOf(row);
  return {
    zh: `测试版本当前状态为「${TEST_STATE_NAMES[s].zh}」（${s}），不允许此操作`,
    en: `The test version is ${TEST_STATE_NAMES[s].en} (${s}); this is not allowed now`, ru: `Тестовая версия: ${TEST_STATE_NAMES[s].ru} (${s}); сейчас это не разрешено`,
  };
}

export function invitationMail(lang: Lang, link: string, appOrTeam: string, days: number): { subject: string; text: string } {
  return lang === 'zh'
    ? { subject: `邀请您参加 ${appOrTeam} 的测试`, text: `您被邀请参加 ${appOrTeam} 的测试。\n打开以下链接加入（${days} 天内有效）：\n${link}\n` }
    : { subject: `You are invited to test ${appOrTeam}`, text: `You are invited to take part in testing ${appOrTeam}.\nOpen this link to join (valid for ${days} days):\n${link}\n` };
}
