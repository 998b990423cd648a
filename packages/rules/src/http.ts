import { RISK_CONTROL_CODE } from './constants';

/** A successful HTTP status: a whole number from 200 to 299. */
export function isSuccessStatus(status: unknown): boolean {
  return typeof status === 'number' && Number.isInteger(status) && status >= 200 && status <= 299;
}

/** The sign-in risk control refusal, answered with the risk dialog instead of an error box. */
export function isRiskControlRefusal(status: unknown, retCode: unknown): boolean {
  return status === 400 && (retCode === RISK_CONTROL_CODE || retCode === String(RISK_CONTROL_CODE));
}

/** The type of a payload after withBizTag: a bizTag it had (other than null/undefined/'') or a string. */
export type WithBizTag<T> = Omit<T, 'bizTag'> & {
  bizTag: ('bizTag' extends keyof T ? Exclude<T['bizTag' & keyof T], null | undefined | ''> : never) | string;
};

/**
 * A file-service payload with its bizTag: a copy of the payload (the input is never
 * changed) with bizTag set when it has none. A bizTag that is undefined, null or '' counts
 * as none; any other value is kept. A missing payload gives `{ bizTag }`.
 */
export function withBizTag<T extends object>(payload: T | null | undefined, bizTag: string): WithBizTag<T> {
  const copy: Record<string, unknown> = { ...(payload ?? {}) };
  if (copy.bizTag === undefined || copy.bizTag === null || copy.bizTag === '') copy.bizTag = bizTag;
  return copy as WithBizTag<T>;
}
