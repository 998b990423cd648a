import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { AGREEMENTS, appApi, fileApi, projectApi, versionApi } from '@wharf/contract';
import { ICON_PNG, sampleBytes, SCREENSHOT_PNG } from '../sample-bytes';
import { TestUser } from '../session-client';
import { createTestApp, type TestApp } from '../test-app';
import type { Database } from '../../platform/db/types';
import { accountsFamily } from '../../families/accounts';

/** What the helpers need of an app: its database (also reached from outside, with several instances). */
export interface WithSql {
  deps: { database: Pick<Database, 'executeSql'> };
}

let seq = 0;
export const packageName = () => `com.wharf.ver${process.pid}.a${(seq += 1)}${randomBytes(2).toString('hex')}`;

/** A test app with a platform operator signed in (operators review). */
export async function appWithOperator(env: Record<string, string> = {}): Promise<{ t: TestApp; op: TestUser }> {
  const t = await createTestApp({ env: { WHARF_OPERATOR_EMAIL: 'ops@example.com', WHARF_OPERATOR_PASSWORD: 'operator password', ...env } });
  await accountsFamily.onStart!(t.deps, () => undefined);
  const op = new TestUser(t, 'ops@example.com', 'operator password');
  expect((await op.login()).statusCode).toBe(200);
  return { t, op };
}

export async function newApp(u: TestUser, over: Record<string, unknown> = {}) {
  const projectId = (await u.call(projectApi.createProject, { body: { name: `V${seq}-${randomBytes(3).toString('hex')}` } })).json().project.projectId as string;
  const res = await u.call(appApi.createApp, { body: { projectId, platform: 'android', name: `Ver ${randomBytes(4).toString('hex')}`, packageName: packageName(), category: 'app', defaultLanguage: 'enUS', ...over } });
  expect(res.statusCode).toBe(200);
  return res.json().app as { appId: string; packageName: string; defaultLanguage: string };
}

/**
 * A parsed package of the app with a real stored file: parsing itself is the packages
 * family's business (and tested there), so the row is written as a finished parse.
 */
export async function parsedPackage(t: WithSql, u: TestUser, appId: string, versionCode: number | null, bytes = sampleBytes('zip', 4096), o: { kind?: string; fileName?: string; versionName?: string | null } = {}) {
  const fileName = o.fileName ?? `v${versionCode}.apk`;
  const up = await u.call(fileApi.uploadObject, { query: { fileName }, raw: bytes });
  expect(up.statusCode).toBe(200);
  const objectId = up.json().object.objectId as string;
  const { rows } = await t.deps.database.executeSql(
    `insert into packages (team_id, app_id, file_id, file_name, size, sha256, kind, parse_state, package_name, version_code, version_name, created_by, created_at, parsed_at)
     select f.team_id, $1, f.id, f.file_name, f.size, f.sha256, $6, 0, a.package_name, $2, $3, $4, now(), now() from files f, apps a where f.id = $5 and a.id = $1 returning id`,
    [appId, versionCode, o.versionName !== undefined ? o.versionName : `1.0.${versionCode}`, u.userId, objectId, o.kind ?? 'apk'],
  );
  return { pkgId: (rows[0] as { id: string }).id, bytes };
}

export const fullListing = (language = 'enUS') => ({ language, name: 'Tipsy', brief: 'Tips for everyone', description: 'A long description of the app.', newFeatures: 'Faster' });

export async function uploaded(u: TestUser, fileName: string, contentType: string): Promise<string> {
  const image = /icon/i.test(fileName) ? ICON_PNG : SCREENSHOT_PNG;
  const res = await u.call(fileApi.uploadObject, { query: { fileName, contentType }, raw: contentType.startsWith('image/') ? image : sampleBytes(contentType.startsWith('video/') ? 'mp4' : 'zip') });
  expect(res.statusCode).toBe(200);
  return res.json().object.objectId as string;
}

/** An icon and three screenshots: what a listing needs besides its texts. */
export async function listingMedia(u: TestUser) {
  return {
    iconObjectId: await uploaded(u, 'icon.png', 'image/png'),
    screenshotObjectIds: [await uploaded(u, 's1.png', 'image/png'), await uploaded(u, 's2.png', 'image/png'), await uploaded(u, 's3.jpg', 'image/jpeg')],
  };
}

/** The app's team has signed what submitting needs (the agreements family tests the signing itself). */
export async function agreementsSigned(t: WithSql, appId: string): Promise<void> {
  for (const [id, a] of Object.entries(AGREEMENTS)) {
    await t.deps.database.executeSql(
      `insert into team_agreements (team_id, agreement_id, version, signed_at) select team_id, $2, $3, now() from apps where id = $1 on conflict do nothing`,
      [appId, id, a.version],
    );
  }
}

/** A version ready to submit: package, countries, the default language's listing and the team's agreements. */
export async function completeVersion(t: WithSql, u: TestUser, appId: string, versionCode = 10, o: { agreements?: boolean } = {}) {
  if (o.agreements !== false) await agreementsSigned(t, appId);
  const version = (await u.call(versionApi.createVersion, { body: { appId } })).json().version as { versionId: string };
  const { pkgId, bytes } = await parsedPackage(t, u, appId, versionCode);
  const listing = { ...fullListing(), ...(await listingMedia(u)) };
  const res = await u.call(versionApi.updateVersion, { body: { appId, versionId: version.versionId, pkgId, countries: ['CN', 'DE'], ageRating: '12+', listings: [listing] } });
  expect(res.statusCode, res.body).toBe(200);
  return { versionId: version.versionId, pkgId, bytes };
}

/** The open review task of a version. */
export async function openTaskOf(t: WithSql, versionId: string): Promise<string> {
  const { rows } = await t.deps.database.executeSql(`select id from review_tasks where subject_id = $1 and state = 'open'`, [versionId]);
  const id = (rows[0] as { id: string } | undefined)?.id;
  if (!id) throw new Error('no open task');
  return id;
}

/** Submits and has the operator approve: the version is on shelf (or waiting with a time). */
export async function released(t: WithSql, u: TestUser, op: TestUser, appId: string, versionCode = 10) {
  const v = await completeVersion(t, u, appId, versionCode);
  expect((await u.call(versionApi.submitVersion, { body: { appId, versionId: v.versionId } })).statusCode).toBe(200);
  const decided = await op.call(versionApi.submitReview, { body: { taskId: await openTaskOf(t, v.versionId), decision: 'approve' } });
  expect(decided.statusCode, decided.body).toBe(200);
  return v;
}

export async function stateOf(u: TestUser, appId: string, versionId: string): Promise<number> {
  return (await u.call(versionApi.getVersion, { query: { appId, versionId } })).json().version.releaseState as number;
}
