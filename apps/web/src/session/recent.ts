import { useEffect } from 'react';

/** The app and project a person last worked in, per team, on this browser. */
export interface RecentPlaces {
  app?: { id: string; name: string; projectId: string };
  project?: { id: string; name: string };
}

const keyOf = (teamId: string) => `wharf.recent.${teamId}`;

/** Where the person last was in this team (nothing when the browser keeps nothing). */
export function recentPlaces(teamId: string): RecentPlaces {
  if (!teamId) return {};
  try {
    const parsed = JSON.parse(localStorage.getItem(keyOf(teamId)) ?? '{}') as RecentPlaces;
    return typeof parsed === 'object' && parsed !== null ? parsed : {};
  } catch {
    return {};
  }
}

function remember(teamId: string, update: RecentPlaces): void {
  if (!teamId) return;
  try {
    localStorage.setItem(keyOf(teamId), JSON.stringify({ ...recentPlaces(teamId), ...update }));
  } catch {
    // A browser that keeps nothing (private mode, full storage) just has no shortcut home.
  }
}

/** Forgets a place that is gone (deleted, or no longer the team's). */
export function forgetRecent(teamId: string, kind: keyof RecentPlaces, id: string): void {
  const places = recentPlaces(teamId);
  if (places[kind]?.id !== id) return;
  delete places[kind];
  try {
    localStorage.setItem(keyOf(teamId), JSON.stringify(places));
  } catch {
    // as above
  }
}

/** Remembers the app (and its project) the page shows, once they are known. */
export function useRememberApp(teamId: string, app: { appId: string; name: string; projectId: string } | undefined, projectName: string | undefined): void {
  const [appId, name, projectId] = [app?.appId, app?.name, app?.projectId];
  useEffect(() => {
    if (!appId || name === undefined || !projectId) return;
    remember(teamId, { app: { id: appId, name, projectId }, ...(projectName ? { project: { id: projectId, name: projectName } } : {}) });
  }, [teamId, appId, name, projectId, projectName]);
}

/** Remembers the project the page shows, once it is known. */
export function useRememberProject(teamId: string, project: { projectId: string; name: string } | undefined): void {
  const [projectId, name] = [project?.projectId, project?.name];
  useEffect(() => {
    if (projectId && name !== undefined) remember(teamId, { project: { id: projectId, name } });
  }, [teamId, projectId, name]);
}
