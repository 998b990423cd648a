import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { routeModeOfHash } from '@wharf/rules';
import type { BehaviourReporter } from '../../report/behaviour';

/** A PageView for every route the user opens; the page id is the hash's last segment. */
export function RouteReporter({ reporter }: { reporter: BehaviourReporter | undefined }) {
  const { pathname } = useLocation();
  useEffect(() => {
    reporter?.pageView(routeModeOfHash(`#${pathname}`).pageId);
  }, [pathname, reporter]);
  return null;
}
