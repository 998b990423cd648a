import { useTranslation } from 'react-i18next';
import type { Version } from '@wharf/contract';

/**
 * The status label of a version in the user's language: the releaseState's name, or one of
 * the console's extra labels (ready to submit, on shelf with a rollback under review).
 */
export function useStateLabel() {
  const { t } = useTranslation('versions');
  return (version: Pick<Version, 'releaseState' | 'rollbackPending' | 'superseded'>, complete?: boolean) => {
    // A version replaced on shelf keeps state 0: it is a history version. A removed one says so.
    if (version.superseded && version.releaseState === 0) return t('state.history');
    if (version.releaseState === 0 && version.rollbackPending) return t('state.rollbackPending');
    if (version.releaseState === 7 && complete) return t('state.readyToSubmit');
    return t(`state.${version.releaseState}`);
  };
}

/** The tag colour of a state. */
export function stateColor(state: number): string {
  if (state === 0) return 'success';
  if (state === 1 || state === 8 || state === 2) return 'error';
  if (state === 4 || state === 5 || state === 6) return 'processing';
  if (state === 3) return 'cyan';
  return 'default';
}

/** The date pickers' format, as formatDate writes dates (Russian dd.MM.yyyy). */
export function pickerFormat(language: string, withTime = true): string {
  const date = language === 'ru' ? 'DD.MM.YYYY' : 'YYYY-MM-DD';
  return withTime ? `${date} HH:mm` : date;
}
