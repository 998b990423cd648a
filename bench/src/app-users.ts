import { APP_CLIENT_HEADERS, appApi, appUsersApi, buildPath, projectApi } from '@wharf/contract';
import { call } from './release';

/** What the Auth Service lines send: an app's key, a signed-in user's token, their email. */
export interface AppUserBench {
  projectId: string;
  keyHeaders: Record<string, string>;
  userHeaders: Record<string, string>;
  meUrl: string;
  signOutUrl: string;
  signInUrl: string;
  signInBody: string;
}

/**
 * A project with an app, email sign-in on, and one user signed up through the app.
 * `projectName`: each caller its own (a team's project names are unique).
 */
export async function appUserBench(base: string, headers: Record<string, string>, projectName = 'Bench auth'): Promise<AppUserBench> {
  const project = (await call(base, headers, projectApi.createProject, { body: { name: projectName } })).project as { projectId: string };
  const app = (await call(base, headers, appApi.createApp, { body: { projectId: project.projectId, platform: 'android', name: 'Bench auth app', packageName: `com.bench.auth${Date.now()}`, category: 'app', defaultLanguage: 'enUS' } })).app as { appId: string };
  await call(base, headers, appUsersApi.setAuthMethods, { query: { projectId: project.projectId }, body: { anonymous: true, email: true } });
  const client = (await call(base, headers, appApi.getAppClient, { query: { appId: app.appId } })).client as { clientId: string; apiKey: string };
  const keyHeaders = { [APP_CLIENT_HEADERS.clientId]: client.clientId, [APP_CLIENT_HEADERS.apiKey]: client.apiKey, 'content-type': 'application/json' };
  const credentials = { email: 'bench.reader@example.com', password: 'bench reader password' };
  const session = await call(base, keyHeaders, appUsersApi.signUpWithEmail, { body: credentials });
  return {
    projectId: project.projectId,
    keyHeaders,
    userHeaders: { ...keyHeaders, authorization: `Bearer ${String(session.accessToken)}` },
    meUrl: `${base}${buildPath(appUsersApi.currentAppUser)}`,
    signOutUrl: `${base}${buildPath(appUsersApi.signOutAppUser)}`,
    signInUrl: `${base}${buildPath(appUsersApi.signInWithEmail)}`,
    signInBody: JSON.stringify(credentials),
  };
}
