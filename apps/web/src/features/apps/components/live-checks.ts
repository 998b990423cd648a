import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { Platform } from '@wharf/contract';
import type { CheckAnswer } from '../hooks';

/** How long typing must pause before the server is asked. */
export const LIVE_CHECK_DEBOUNCE_MS = 400;

/** The reason a check refused, in the display language (the server's words when the reason is new to us). */
export function refusalText(kind: 'packageName' | 'name', answer: CheckAnswer, t: TFunction): string {
  return answer.reason ? t(`check.${kind}.${answer.reason}`, { ns: 'apps' }) : answer.message || t('check.unavailable', { ns: 'apps' });
}

/**
 * A form rule that asks the server (app.checkPackageName / app.checkName) whether the
 * value is usable; the field shows the answer as the person types (with the Form.Item's
 * validateDebounce).
 */
export function liveCheckRule(
  kind: 'packageName' | 'name',
  check: (platform: Platform, value: string) => Promise<CheckAnswer>,
  platform: () => Platform | undefined,
  t: TFunction,
): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : '';
      const on = platform();
      if (!text || !on) return;
      let answer: CheckAnswer;
      try {
        answer = await check(on, text);
      } catch {
        throw new Error(t('check.failed', { ns: 'apps' }));
      }
      if (!answer.available) throw new Error(refusalText(kind, answer, t));
    },
  };
}
