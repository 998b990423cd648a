import { describe, expect, it } from 'vitest';
import { allowedTestActions, DAY_MS, isEmailAddress, isInvitationCode, keepsTestVersion, normaliseInvitationCode, TEST_ACTIONS, TEST_STATES, testTransition, type TestAction, type TestState } from './testing';

/** Written out by hand from domain.md, independently of the table. */
const EXPECTED: Record<TestState, Partial<Record<TestAction, TestState>>> = {
  draft: { edit: 'draft', submit: 'underReview' },
  underReview: { withdraw: 'draft', approve: 'waiting', reject: 'rejected' },
  waiting: { changeWindow: 'waiting', stop: 'expired', start: 'testing', end: 'expired' },
  testing: { changeWindow: 'testing', stop: 'expired', end: 'expired' },
  rejected: { edit: 'draft', submit: 'underReview' },
  expired: {},
};

describe('the test-version transition table', () => {
  for (const state of TEST_STATES) {
    it(`allows exactly the domain's actions from ${state}`, () => {
      for (const action of TEST_ACTIONS) {
        expect(testTransition(state, action), `${action} from ${state}`).toBe(EXPECTED[state][action] ?? null);
      }
    });
  }

  it('approves into testing when the start time has come', () => {
    expect(testTransition('underReview', 'approve', { started: true })).toBe('testing');
  });

  it('lists the buttons of each state', () => {
    expect(allowedTestActions('draft')).toEqual(['edit', 'submit']);
    expect(allowedTestActions('underReview')).toEqual(['withdraw']);
    expect(allowedTestActions('testing')).toEqual(['changeWindow', 'stop']);
    expect(allowedTestActions('expired')).toEqual([]);
  });
});

describe('keeping a test version', () => {
  const ended = new Date('2026-01-01T00:00:00Z');
  it('keeps it while testing and for 90 days after the end', () => {
    expect(keepsTestVersion('testing', null, ended)).toBe(true);
    expect(keepsTestVersion('expired', ended, new Date(ended.getTime() + 89 * DAY_MS))).toBe(true);
    expect(keepsTestVersion('expired', ended, new Date(ended.getTime() + 90 * DAY_MS))).toBe(false);
    expect(keepsTestVersion('waiting', null, ended)).toBe(false);
  });
});

describe('codes and addresses', () => {
  it('forgives spaces, dashes and case in codes, and refuses ambiguous characters', () => {
    expect(normaliseInvitationCode(' abcd-efgh 23 ')).toBe('ABCDEFGH23');
    expect(isInvitationCode('ABCDEFGH23')).toBe(true);
    expect(isInvitationCode('ABCDEFGH2O')).toBe(false);
    expect(isInvitationCode('ABC')).toBe(false);
  });
  it('checks email addresses loosely', () => {
    expect(isEmailAddress('a.b@example.com')).toBe(true);
    expect(isEmailAddress('a@b')).toBe(false);
    expect(isEmailAddress('a b@example.com')).toBe(false);
  });
});
