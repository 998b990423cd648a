/**
 * Open and invited testing: test-user groups, invitations and the test-version
 * sub-machine (domain.md, "Test versions"; console-ux.md, journey 8 and the limits).
 */

/** A test version's states: its own machine beside the release states. */
export const TEST_STATES = ['draft', 'underReview', 'waiting', 'testing', 'rejected', 'expired'] as const;
export type TestState = (typeof TEST_STATES)[number];

export const TEST_STATE_NAMES: Readonly<Record<TestState, { zh: string; en: string; ru: string }>> = Object.freeze({
  draft: { zh: '草稿', en: 'draft', ru: 'черновик' },
  underReview: { zh: '审核中', en: 'under review', ru: 'на проверке' },
  waiting: { zh: '等待开始', en: 'waiting to start', ru: 'ждёт начала' },
  testing: { zh: '测试中', en: 'testing', ru: 'идёт тестирование' },
  rejected: { zh: '审核不通过', en: 'rejected', ru: 'отклонено' },
  expired: { zh: '已失效', en: 'expired', ru: 'истёк' },
});

/** What developers do to a test version (the buttons of its row). */
export const TEST_DEVELOPER_ACTIONS = ['edit', 'submit', 'withdraw', 'changeWindow', 'stop'] as const;
export type TestDeveloperAction = (typeof TEST_DEVELOPER_ACTIONS)[number];
/** The reviewer's decisions and the clock's: the window opens (start) or closes (end). */
export const TEST_ACTIONS = [...TEST_DEVELOPER_ACTIONS, 'approve', 'reject', 'start', 'end'] as const;
export type TestAction = (typeof TEST_ACTIONS)[number];

export interface TestTransitionContext {
  /** At approval: the start time has come, so the test begins at once. */
  started: boolean;
}

interface TestRule {
  from: readonly TestState[];
  to: (ctx: TestTransitionContext, from: TestState) => TestState;
}

const TEST_TABLE: Record<TestAction, TestRule> = {
  // A rejected test version becomes a draft again when edited.
  edit: { from: ['draft', 'rejected'], to: () => 'draft' },
  submit: { from: ['draft', 'rejected'], to: () => 'underReview' },
  withdraw: { from: ['underReview'], to: () => 'draft' },
  // Start, end time and install cap may change while waiting or testing.
  changeWindow: { from: ['waiting', 'testing'], to: (_c, from) => from },
  stop: { from: ['waiting', 'testing'], to: () => 'expired' },
  approve: { from: ['underReview'], to: (c) => (c.started ? 'testing' : 'waiting') },
  reject: { from: ['underReview'], to: () => 'rejected' },
  start: { from: ['waiting'], to: () => 'testing' },
  end: { from: ['waiting', 'testing'], to: () => 'expired' },
};
export const TEST_TRANSITIONS: Readonly<Record<TestAction, Readonly<TestRule>>> = Object.freeze(TEST_TABLE);

export function isTestState(s: string): s is TestState {
  return (TEST_STATES as readonly string[]).includes(s);
}

export function testTransition(state: TestState, action: TestAction, ctx: TestTransitionContext = { started: false }): TestState | null {
  const rule = TEST_TRANSITIONS[action];
  return rule.from.includes(state) ? rule.to(ctx, state) : null;
}

/** The developer actions a test version allows now. */
export function allowedTestActions(state: TestState): TestDeveloperAction[] {
  return TEST_DEVELOPER_ACTIONS.filter((a) => testTransition(state, a) !== null);
}

export const TESTING_LIMITS = Object.freeze({
  /** Characters of a group's name. */
  groupName: 50,
  /** External test groups per team. */
  groupsPerTeam: 300,
  /** Testers per group, and rows of one CSV import. */
  testersPerGroup: 10_000,
  /** People one invitation code admits. */
  admissionsPerInvitation: 10_000,
  /** Days an invitation code stays valid. */
  invitationDays: 30,
  /** Days testers keep a stopped or ended test version they installed. */
  keepAfterStopDays: 90,
  /** Groups one test version is offered to. */
  groupsPerTestVersion: 20,
  /** The largest install cap. */
  installCap: 10_000,
  /** Days a test window may last. */
  windowDays: 90,
  /** Emails added or invited in one call. */
  emailsPerCall: 100,
});

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a tester who installed a test version still gets it: while it is testing,
 * and for 90 days after it stopped or its window ended.
 */
export function keepsTestVersion(state: TestState, endedAt: Date | null, now: Date): boolean {
  if (state === 'testing') return true;
  if (state !== 'expired' || !endedAt) return false;
  return now.getTime() - endedAt.getTime() < TESTING_LIMITS.keepAfterStopDays * DAY_MS;
}

/** A loose but honest email check: one @, something on both sides, a dot in the domain. */
export function isEmailAddress(s: string): boolean {
  return s.length <= 254 && /^[^\s@",;<>]+@[^\s@",;<>]+\.[^\s@",;<>]+$/.test(s);
}

/** Invitation codes: unambiguous characters only (no 0/O, 1/I/L), so they can be read aloud. */
export const INVITATION_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const INVITATION_CODE_LENGTH = 10;

/** Codes are typed by people: spaces, dashes and lower case are forgiven. */
export function normaliseInvitationCode(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

export function isInvitationCode(s: string): boolean {
  return s.length === INVITATION_CODE_LENGTH && [...s].every((c) => INVITATION_CODE_ALPHABET.includes(c));
}
