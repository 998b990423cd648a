import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectApi, RET_CODES } from '@wharf/contract';
import { TestUser, type TestApp } from '../../../harness';
import { buildApk, makeSigner } from '../../packages/testing';
import { appWithOperator, newApp, released } from '../../../harness/scenarios';
import { CiClient } from './ci-client';

// What the Connect API refuses, each with AppGallery Connect's error shape (a non-zero
// ret.code and a readable ret.msg) and nothing changed or shown.
let t: TestApp;
let a: TestUser;
let b: TestUser;
let appA: { appId: string; packageName: string };
let ci: CiClient;
const signer = makeSigner('CI Refusals Key');
const apk = (packageName: string, versionCode: number) => buildApk({ manifest: { packageName, versionCode, versionName: '1', minSdk: 24, targetSdk: 33 }, v2: [signer] });
type Res = { statusCode: number; json(): { ret: { code: number; msg: string } } };
const verdict = (res: Res) => [res.statusCode, res.json().ret.code];

const clientOf = (who: TestUser, role: 'publishing' | 'reports' | 'administrator', projectId: string | null = null) => CiClient.of(t, who, role, projectId);

beforeAll(async () => {
  let op: TestUser;
  ({ t, op } = await appWithOperator({ WHARF_JOBS: 'on' }));
  a = await TestUser.register(t);
  b = await TestUser.register(t);
  appA = await newApp(a);
  await released(t, a, op, appA.appId, 10);
  ci = await clientOf(a, 'publishing');
}, 60_000);
afterAll(() => t.close());

describe('the Publishing API refuses', () => {
  it('calls without valid credentials (401), and writes by a client whose role only reads (403)', async () => {
    const bare = new CiClient(t, ci.clientId, 'wrong');
    expect(verdict(await bare.call('GET', '/appid-list', { packageName: appA.packageName }))).toEqual([401, RET_CODES.apiClientInvalid.code]);
    bare.token = `${ci.token.slice(0, -4)}AAAA`;
    expect(verdict(await bare.call('GET', '/app-info', { appId: appA.appId }))).toEqual([401, RET_CODES.apiClientInvalid.code]);
    const reader = await clientOf(a, 'reports');
    const v2 = await reader.call('GET', '/app-info', { appId: appA.appId });
    expect(v2.statusCode).toBe(200);
    // The v3 path answers the same (clients of the v3 API call it).
    const v3 = await t.app.inject({ url: `/api/publish/v3/app-info?appId=${appA.appId}`, headers: { authorization: `Bearer ${reader.token}` } });
    expect([v3.statusCode, v3.json()]).toEqual([200, v2.json()]);
    expect(verdict(await reader.call('PUT', '/app-language-info', { appId: appA.appId }, { lang: 'en-US', newFeatures: 'x' }))).toEqual([403, RET_CODES.apiScopeMissing.code]);
  });

  it("another team's client, and a project-level client of another project: nothing of the app is shown or changed", async () => {
    const theirs = await clientOf(b, 'publishing');
    expect((await theirs.call('GET', '/appid-list', { packageName: appA.packageName })).json().appids).toEqual([]);
    for (const res of [
      await theirs.call('GET', '/app-info', { appId: appA.appId }),
      await theirs.call('PUT', '/app-language-info', { appId: appA.appId }, { lang: 'en-US', newFeatures: 'Hijacked' }),
      await theirs.call('GET', '/upload-url/for-obs', { appId: appA.appId, fileName: 'x.apk', contentLength: 10 }),
      await theirs.call('POST', '/app-submit', { appId: appA.appId }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(appA.packageName);
    }
    // A's upload named as the file of B's own app: not B's.
    const { urlInfo } = await ci.upload(appA.appId, 'a.apk', apk(appA.packageName, 11));
    const appB = await newApp(b);
    const stolen = await theirs.call('PUT', '/app-file-info', { appId: appB.appId }, { fileType: 5, files: [{ fileName: 'a.apk', fileDestUrl: urlInfo.objectId }] });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().ret.msg).toMatch(/fileDestUrl/);
    const otherProject = (await a.call(projectApi.createProject, { body: { name: 'Elsewhere' } })).json().project.projectId as string;
    const scoped = await clientOf(a, 'publishing', otherProject);
    expect((await scoped.call('GET', '/appid-list', { packageName: appA.packageName })).json().appids).toEqual([]);
    expect((await scoped.call('GET', '/app-info', { appId: appA.appId })).statusCode).toBe(404);
    expect((await ci.call('GET', '/app-info', { appId: appA.appId })).json().languages.map((l: { newFeatures: string }) => l.newFeatures)).not.toContain('Hijacked');
  });

  it('an upload whose bytes differ from the declared SHA-256, and the objectId of an upload that never landed', async () => {
    const bytes = apk(appA.packageName, 12);
    const { urlInfo, put } = await ci.upload(appA.appId, 'bad.apk', bytes, 'ab'.repeat(32));
    expect(put.statusCode).toBe(400);
    expect(put.json().ret.msg).toMatch(/SHA-256/);
    const res = await ci.call('PUT', '/app-file-info', { appId: appA.appId }, { fileType: 5, files: [{ fileName: 'bad.apk', fileDestUrl: urlInfo.objectId }] });
    expect(verdict(res)).toEqual([400, RET_CODES.invalidInput.code]);
  });

  it('input it cannot honour, naming the field, in the caller language', async () => {
    const icon = await ci.call('PUT', '/app-file-info', { appId: appA.appId }, { fileType: 1, files: [{ fileName: 'i.png', fileDestUrl: 'x' }] });
    expect(icon.statusCode).toBe(400);
    expect(icon.json().ret.msg).toMatch(/fileType/);
    expect((await ci.call('PUT', '/app-language-info', { appId: appA.appId }, { lang: 'en-US', appIcon: 'x' })).statusCode).toBe(400);
    expect((await ci.call('PUT', '/app-language-info', { appId: appA.appId }, { lang: 'english' })).json().ret.msg).toMatch(/lang/);
    const noPhases = await ci.call('POST', '/app-submit', { appId: appA.appId, releaseType: 3 }, { phasedReleasePercent: '10.00' });
    expect(noPhases.statusCode).toBe(400);
    expect(noPhases.json().ret.msg).toMatch(/phasedReleaseStartTime/);
    const defaultLang = await ci.call('DELETE', '/app-language-info', { appId: appA.appId, lang: 'en-US' });
    expect(defaultLang.statusCode).toBe(400);
    expect(verdict(await ci.call('PUT', '/phased-release', { appId: appA.appId }, { state: 'SUSPEND' }))).toEqual([409, RET_CODES.conflict.code]);
  });

  it('a package the version cannot take: reported as failed by compile status, and refused by submit', async () => {
    const other = await ci.upload(appA.appId, 'older.apk', apk(appA.packageName, 5));
    const olderId = (await ci.call('PUT', '/app-file-info', { appId: appA.appId }, { fileType: 5, files: [{ fileName: 'older.apk', fileDestUrl: other.urlInfo.objectId }] })).json().pkgVersion[0] as string;
    const failed = await ci.compiled(appA.appId, olderId);
    expect(failed.successStatus).toBe(2);
    expect(failed.failureReason).toMatch(/versionCode 5 is lower than the on-shelf version's 10/);
    const submit = await ci.call('POST', '/app-submit', { appId: appA.appId });
    expect(submit.statusCode).toBe(409);
  });
});
