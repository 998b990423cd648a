import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isSigningOut, useSessionVersion } from '../../session/changes';
import { isSignedIn } from '../../session/session';

/** Signed-out people go to sign in; the page they wanted comes back as the redirect. */
export function RequireSession({ children }: { children: ReactNode }) {
  const location = useLocation();
  useSessionVersion();
  if (!isSignedIn()) {
    if (isSigningOut()) return null;
    const wanted = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?redirect=${encodeURIComponent(wanted)}`} replace />;
  }
  return children;
}
