import { useTranslation } from 'react-i18next';

/** The operator's menu entry, following the display language as it is switched. */
export function NavLabel() {
  const { t } = useTranslation('app-links');
  return <>{t('reports.nav')}</>;
}
