import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAccess, versionApi, type Endpoint } from '@wharf/contract';
import { TestUser, type TestApp } from '../../../harness';
import { appWithOperator, completeVersion, newApp, released } from '../../../harness/scenarios';

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let appId: string;
let versionId: string;
let appName: string;
let pkgId: string;

beforeAll(async () => {
  let op: TestUser;
  ({ t, op } = await appWithOperator());
  owner = await TestUser.register(t);
  stranger = await TestUser.register(t);
  const app = await newApp(owner, { name: 'Secret Ledger' });
  appId = app.appId;
  appName = 'Secret Ledger';
  await released(t, owner, op, appId, 10);
  ({ versionId, pkgId } = await completeVersion(t, owner, appId, 11));
});
afterAll(() => t.close());

/** A valid call of each app-level endpoint on the owner's app: only the team differs. */
function input(e: Endpoint) {
  const ref = { appId, versionId };
  const extra: Record<string, Record<string, unknown>> = {
    'version.create': { appId },
    'version.lastOnShelf': { appId },
    'version.list': { appId },
    'version.historyList': { appId },
    'version.deleteLanguage': { ...ref, language: 'enUS' },
    'version.onShelfTime': { ...ref, now: true },
    'version.shelfOff': { ...ref, reason: 'x' },
    'version.rollback': { ...ref, reason: 'x' },
    'version.phasedRelease': { ...ref, state: 'SUSPEND' },
    'version.update': { ...ref, reviewNotes: 'x' },
    'version.downloadStats': { appId, from: '2026-01-01', to: '2026-01-31' },
    'distribution.packageApk': { ...ref, pkgId },
    'distribution.packageRpk': { ...ref, pkgId },
    'distribution.packageWpk': { ...ref, pkgId },
    'distribution.packageExe': { ...ref, pkgId, versionCode: 12 },
    'distribution.packageObb': { ...ref, main: pkgId, patch: null },
    'distribution.packageNone': { ...ref, noPackage: true },
    'distribution.app': { appId },
    'testing.testRelease': { appId, testVersionId: versionId, action: 'submit' },
  };
  const values = extra[e.aliasOf ?? e.id] ?? ref;
  return e.method === 'GET' || e.method === 'DELETE' ? { query: values as Record<string, string> } : { body: values };
}

const isEndpoint = (v: unknown): v is Endpoint => typeof v === 'object' && v !== null && 'fullPath' in v && 'access' in v;
const appLevel = (Object.values(versionApi) as unknown[]).filter(isEndpoint).filter((e) => parseAccess(e.access).kind === 'app');

describe('another team', () => {
  it('covers every app-level call of the family', () => {
    expect(appLevel.length).toBeGreaterThanOrEqual(18);
  });

  it.each(appLevel.map((e) => [e.id, e] as const))('%s answers 404 for an app of another team, and says nothing about it', async (_id, e) => {
    const res = await stranger.call(e, input(e));
    expect(res.statusCode, res.body).toBe(404);
    expect(res.body).not.toContain(appName);
    expect(res.body).not.toContain(versionId);
    expect(res.body).not.toContain(pkgId);
  });
});
