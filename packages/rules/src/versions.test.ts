import { describe, expect, it } from 'vitest';
import { AGE_RATINGS, allowedActions, briefLimitOf, isAgeRating, PHASE_ACTIONS, PHASE_STATES, phaseTransition, RELEASE_STATES, transition, VERSION_ACTIONS, type ReleaseState, type TransitionContext, type VersionAction } from './versions';

const base: TransitionContext = { rollbackPending: false, firstRelease: false, releaseTimeAhead: false };

/** Written out by hand from domain.md, independently of the table: state → action → target. */
const EXPECTED: Record<string, Partial<Record<VersionAction, ReleaseState | 'deleted'>>> = {
  '0': { requestShelfOff: 6, requestRollback: 0, terminatePhase: 10 },
  '0+rollback': { urge: 0, cancelRollback: 0, approveRollback: 10, rejectRollback: 0 },
  '1': { edit: 7, delete: 'deleted', submit: 5 },
  '2': { edit: 7, submit: 5 },
  '3': { cancelOnShelf: 11, changeReleaseTime: 3, releaseNow: 0, release: 0 },
  '4': { cancelOnShelf: 7, urge: 4, approve: 0, reject: 1 },
  '5': { cancelOnShelf: 7, urge: 5, approve: 0, reject: 8 },
  '6': { urge: 6, cancelShelfOff: 0, approveShelfOff: 10, rejectShelfOff: 0, terminatePhase: 10 },
  '7': { edit: 7, delete: 'deleted', submit: 5 },
  '8': { edit: 7, delete: 'deleted', submit: 5 },
  '9': {},
  '10': { edit: 7, submit: 5 },
  '11': { edit: 7, delete: 'deleted', submit: 5 },
};

describe('the version transition table', () => {
  const cases = [...RELEASE_STATES.map((s) => [String(s), s, false] as const), ['0+rollback', 0, true] as const];
  for (const [label, state, rollbackPending] of cases) {
    it(`allows exactly the domain's actions from ${label}`, () => {
      for (const action of VERSION_ACTIONS) {
        const r = transition(state, action, { ...base, rollbackPending });
        const want = EXPECTED[label]![action];
        expect(r, `${action} from ${label}`).toEqual(want === undefined ? { ok: false } : { ok: true, to: want });
      }
    });
  }

  it('submits a first release as 4 and approves into waiting when the time is ahead', () => {
    expect(transition(7, 'submit', { ...base, firstRelease: true })).toEqual({ ok: true, to: 4 });
    expect(transition(4, 'approve', { ...base, releaseTimeAhead: true })).toEqual({ ok: true, to: 3 });
  });

  it('lists the buttons of a state', () => {
    expect(allowedActions(3, base)).toEqual(['cancelOnShelf', 'changeReleaseTime', 'releaseNow']);
    expect(allowedActions(0, { ...base, rollbackPending: true })).toEqual(['urge', 'cancelRollback']);
  });

  it('knows the age ratings, youngest first', () => {
    expect(AGE_RATINGS).toEqual(['3+', '7+', '12+', '16+', '18+']);
    expect(isAgeRating('12+')).toBe(true);
    expect(isAgeRating('21+')).toBe(false);
    expect(isAgeRating(12)).toBe(false);
  });

  it('limits the Chinese brief to 17 characters', () => {
    expect(briefLimitOf('zhCN')).toBe(17);
    expect(briefLimitOf('enUS')).toBe(80);
  });
});

describe('the phased release table', () => {
  it('moves the percentage only while live, pauses and resumes, converts or terminates', () => {
    expect(phaseTransition('active', 'SUSPEND')).toBe('paused');
    expect(phaseTransition('paused', 'RESUME')).toBe('active');
    expect(phaseTransition('paused', 'END')).toBeNull();
    expect(phaseTransition('active', 'END')).toBe('completed');
    expect(phaseTransition('pending', 'START')).toBe('active');
    for (const a of PHASE_ACTIONS) {
      expect(phaseTransition('completed', a)).toBeNull();
      expect(phaseTransition('terminated', a)).toBeNull();
    }
    expect(PHASE_STATES.map((s) => phaseTransition(s, 'ROLLBACK'))).toEqual(['terminated', 'terminated', 'terminated', null, null]);
  });
});
