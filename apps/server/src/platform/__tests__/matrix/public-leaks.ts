import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS, authApi, contentApi, fileApi, testingApi, versionApi } from '@wharf/contract';
import { testing } from './builders/testing';
import { expectNoLeak, UUID, type sender } from './requests';
import type { Seed } from './seed';

/**
 * What the public calls (device update checks, downloads, the store page, news, sign-in
 * help) must never show of team A, on the access matrix's seed.
 */
export function describePublicLeaks(seed: () => Seed, send: ReturnType<typeof sender>): void {
  describe('what anonymous and device callers never see', () => {
    const device = (query: Record<string, string | number>) => send(null, versionApi.updateCheck, { query });

    it("offers devices the version on shelf, never a draft with a higher versionCode", async () => {
      const s = seed();
      const fresh = await device({ packageName: s.a.app.packageName, versionCode: 1, deviceId: 'matrix-device', country: 'DE' });
      expect(fresh.json().update.versionId).toBe(s.a.onShelfVersionId);
      expect(fresh.json().update.versionCode).toBe(10);
      const current = await device({ packageName: s.a.app.packageName, versionCode: 10, deviceId: 'matrix-device', country: 'DE' });
      expect(current.json()).toEqual({ ret: { code: 0, msg: 'success' }, update: null });
      for (const res of [fresh, current]) expectNoLeak(s, res, [s.a.onShelfVersionId]);
    });

    it('does not serve the package of a draft version, and says no more than for a version that does not exist', async () => {
      const s = seed();
      const draft = await send(null, versionApi.download, { params: { versionId: s.a.draftVersionId }, query: { deviceId: 'matrix-device', country: 'DE' } });
      const none = await send(null, versionApi.download, { params: { versionId: randomUUID() }, query: { deviceId: 'matrix-device', country: 'DE' } });
      expect(draft.statusCode).toBe(404);
      expect([draft.statusCode, draft.body.split(s.a.draftVersionId).join('ID')]).toEqual([none.statusCode, none.body.replace(UUID, 'ID')]);
      expectNoLeak(s, draft, [s.a.draftVersionId]);
    });

    it("shows on the store page only what is on shelf: no draft's listing, no draft's images, no other file of the team", async () => {
      const s = seed();
      const page = await send(null, versionApi.storeApp, { params: { appId: s.a.app.appId } });
      expect(page.statusCode).toBe(200);
      expect(page.json().app.versionId).toBe(s.a.onShelfVersionId);
      expectNoLeak(s, page, [s.a.app.appId, s.a.onShelfVersionId]);
      const draft = (await s.a.holder.call(versionApi.getVersion, { query: { appId: s.a.app.appId, versionId: s.a.draftVersionId } })).json().version;
      const image = (versionId: string, objectId: string) => send(null, versionApi.storeImage, { params: { versionId, objectId } });
      for (const res of [await image(s.a.draftVersionId, draft.listings[0].iconObjectId), await image(s.a.onShelfVersionId, draft.listings[0].iconObjectId), await image(s.a.onShelfVersionId, s.a.objectId)]) {
        expect(res.statusCode).toBe(404);
        expectNoLeak(s, res, [s.a.draftVersionId, s.a.onShelfVersionId, s.a.objectId]);
      }
      // An app that was never on shelf has no store page, like one that does not exist.
      const unlisted = await send(null, versionApi.storeApp, { params: { appId: s.a.app2.appId } });
      const none = await send(null, versionApi.storeApp, { params: { appId: randomUUID() } });
      expect([unlisted.statusCode, unlisted.body.split(s.a.app2.appId).join('ID')]).toEqual([404, none.body.replace(UUID, 'ID')]);
    });

    it('refuses a download or an upload with a forged signature without naming the file or where it is stored', async () => {
      const s = seed();
      const url = new URL((await s.a.holder.call(fileApi.downloadUrl, { body: { objectId: s.a.objectId } })).json().url, 'http://wharf.invalid');
      const forged = await send(null, fileApi.downloadObject, { params: { objectId: s.a.objectId }, query: { expires: url.searchParams.get('expires')!, sig: 'A'.repeat(43) } });
      expect(forged.statusCode).toBe(403);
      expectNoLeak(s, forged, [s.a.objectId]);
      const upload = await send(null, fileApi.uploadSigned, { params: { ticketId: randomUUID() }, query: { expires: url.searchParams.get('expires')!, sig: 'A'.repeat(43) }, raw: Buffer.from('x') });
      expect([403, 404]).toContain(upload.statusCode);
      expectNoLeak(s, upload);
    });

    it("gives a tester of team B neither A's test version nor its package", async () => {
      const s = seed();
      const a = await testing(s);
      const groupId = (await s.b.holder.call(testingApi.createGroup, { body: { name: 'Matrix B testers' } })).json().group.groupId as string;
      const code = (await s.b.holder.call(testingApi.createInvitation, { body: { groupId } })).json().invitation.code as string;
      const joined = await s.t.app.inject({ method: 'POST', url: testingApi.openTestJoin.fullPath, payload: { code }, remoteAddress: '10.9.0.2' });
      expect(joined.statusCode, joined.body).toBe(200);
      const bToken = joined.json().testerToken as string;
      expectNoLeak(s, joined);
      const check = (testerToken: string) => send(null, versionApi.updateCheck, { query: { packageName: a.packageName, versionCode: 1, deviceId: 'matrix-device', testerToken } });
      expect((await check(a.testerToken)).json().update.versionId).toBe(a.testVersionId);
      const offered = await check(bToken);
      expect(offered.json()).toEqual({ ret: { code: 0, msg: 'success' }, update: null });
      const download = (testerToken: string) => send(null, testingApi.testDownload, { params: { testVersionId: a.testVersionId }, query: { testerToken, deviceId: 'matrix-device' } });
      const withB = await download(bToken);
      const withNone = await download('no-such-token-0000000000000000');
      expect([403, 404]).toContain(withB.statusCode);
      expect([withB.statusCode, withB.body]).toEqual([withNone.statusCode, withNone.body]);
      expectNoLeak(s, withB, [a.testVersionId]);
    });

    it('does not tell which addresses have an account (password reset, wrong password)', async () => {
      const s = seed();
      const nobody = `nobody-${randomUUID()}@example.com`;
      const reset = async (email: string) => send(null, authApi.requestPasswordReset, { body: { email } });
      const [known, unknown] = [await reset(s.a.member.email), await reset(nobody)];
      expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
      const login = async (email: string) => send(null, authApi.login, { body: { email, password: 'not the password' } });
      const [wrong, missing] = [await login(s.a.member.email), await login(nobody)];
      expect([wrong.statusCode, wrong.json().ret]).toEqual([missing.statusCode, missing.json().ret]);
      expectNoLeak(s, wrong, [s.a.member.email]);
    });

    it('shows no unpublished news on the public pages', async () => {
      const s = seed();
      await s.op.login();
      const secret = `UNPUBLISHED-${randomUUID()}`;
      const text = { cn: secret, en: secret, ru: secret };
      const created = await s.op.call(contentApi.manageNews.create, {
        body: { category: 'service', title: text, summary: text, body: text, publishedAt: new Date(s.t.clock.now().getTime() + 86_400_000).toISOString() },
      });
      expect(created.statusCode).toBe(200);
      const id = created.json().item.id as string;
      for (const [e, req] of [
        [contentApi.newsList, { query: { pageSize: 100 } }],
        [contentApi.latestNews, { query: { limit: 20 } }],
      ] as const) {
        const res = await send(null, e, req);
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toContain(secret);
        expect(res.body).not.toContain(id);
      }
      const detail = await send(null, contentApi.newsDetailCall, { params: { serviceNewsId: id } });
      expect(detail.statusCode).toBe(404);
      expect(detail.body).not.toContain(secret);
    });

    it("shows visitors of the demo project none of the teams' apps", async () => {
      const s = seed();
      const res = await send(null, ALL_ENDPOINTS.find((e) => e.id === 'app.demoProject')!, {});
      expect(res.statusCode).toBe(200);
      expectNoLeak(s, res);
      expect(res.body).not.toContain(s.b.app.appId);
    });
  });
}
