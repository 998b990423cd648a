import { useTranslation } from 'react-i18next';
import { formatNumber } from '@wharf/rules';

/** Minutes and seconds, in the page's language. */
export function useSeconds() {
  const { t, i18n } = useTranslation('analytics');
  return (seconds: number) => {
    const s = Math.round(seconds);
    return s < 60 ? t('duration.seconds', { s: formatNumber(s, i18n.language) }) : t('duration.minutes', { m: formatNumber(Math.floor(s / 60), i18n.language), s: formatNumber(s % 60, i18n.language) });
  };
}
