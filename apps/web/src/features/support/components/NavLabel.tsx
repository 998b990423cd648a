import { useTranslation } from 'react-i18next';

/** A top-menu entry's words, following the display language as it is switched. */
export function NavLabel({ entry }: { entry: 'team' | 'desk' }) {
  const { t } = useTranslation('support');
  return <>{t(`nav.${entry}`)}</>;
}
