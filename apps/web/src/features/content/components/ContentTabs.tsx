import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentKind } from '../manage';
import { ContentTab } from './ContentTab';

const KINDS: readonly ContentKind[] = ['news', 'billboard', 'discounts'];

/** The platform page's tabs for public content, one per kind (the shell hands them to the page). */
export function useContentTabs() {
  const { t } = useTranslation('content', { keyPrefix: 'manage' });
  return useMemo(() => KINDS.map((kind) => ({ key: kind, label: t(`tabs.${kind}`), children: <ContentTab kind={kind} /> })), [t]);
}
