import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS, ROLE_PERMISSIONS, appApi, authApi, buildPath, contentApi, fileApi, packageApi, parseAccess, teamApi, testingApi, versionApi, type Endpoint } from '@wharf/contract';
import type { TestUser } from '../../harness';
import { BUILDERS } from './matrix/builders';
import { testing } from './matrix/builders/testing';
import { leaked, MATRIX_ROLES, seedMatrix, type Seed } from './matrix/seed';
import type { Builder, MatrixCall } from './matrix/types';
import { appHeaders } from './matrix/builders/app-users';
import { apiClientHeaders } from './matrix/builders/api-clients';

/**
 * The authorisation matrix, generated from the contract: every endpoint is called with a
 * request that is valid on team A's real data (see matrix/README.md) by a caller without a
 * session, by team B's account holder (with B's team header and with A's), by a member of
 * A for each role that lacks the endpoint's permission, by a member whose membership has
 * expired, and by the correct caller. Only the correct caller succeeds, and no answer to
 * anyone else carries any of A's ids, emails or marker strings. B's team is seeded with
 * look-alike data (same project, app and listing texts) so that a leak cannot hide
 * behind a difference in shape.
 */
let s: Seed;

/** The last audit event of the seed: every state change writes one, with its actor. */
let seedMark = 0;

beforeAll(async () => {
  s = await seedMatrix();
  seedMark = Number(((await s.t.deps.database.executeSql('select coalesce(max(id), 0)::bigint as n from audit_events')).rows[0] as { n: string }).n);
}, 300_000);
afterAll(() => s?.t.close());

const CASES = new Map<string, number>();
function caseOf(kind: string): void {
  CASES.set(kind, (CASES.get(kind) ?? 0) + 1);
}

async function send(who: TestUser | null, e: Endpoint, req: MatrixCall, o: { teamId?: string | null; csrf?: string | null } = {}): Promise<LightMyRequestResponse> {
  if (who) return who.call(e, { ...(req.params ? { params: req.params } : {}), ...(req.query ? { query: req.query } : {}), ...(req.body !== undefined ? { body: req.body } : {}), ...(req.raw ? { raw: req.raw } : {}), ...o });
  const query = req.query ? Object.fromEntries(Object.entries(req.query).map(([k, v]) => [k, String(v)])) : undefined;
  return s.t.app.inject({
    method: e.method,
    url: buildPath(e, req.params),
    ...(query ? { query } : {}),
    headers: { ...req.headers, ...(req.raw ? { 'content-type': 'application/octet-stream' } : {}) },
    ...(req.raw ? { payload: req.raw } : req.body !== undefined ? { payload: req.body as object } : {}),
  });
}

const json = (res: LightMyRequestResponse): { ret?: { code: number; msg: string }; [k: string]: unknown } | null => {
  if (!String(res.headers['content-type'] ?? '').includes('json')) return null;
  try {
    return res.json();
  } catch {
    return null;
  }
};
const verdict = (res: LightMyRequestResponse) => [res.statusCode, json(res)?.ret?.code];

/** Nothing of A, and never a storage path, in an answer to someone who is not A. */
function expectNoLeak(s: Seed, res: LightMyRequestResponse, allowed: readonly string[] = []): void {
  expect(leaked(s, res.body, allowed), `answer shows team A's data: ${res.body.slice(0, 300)}`).toEqual([]);
  expect(res.body.includes(s.t.dataDir), 'answer shows a storage path').toBe(false);
}

/** A list answered in full counts only what it shows: A's rows are not in B's totals. */
function expectHonestTotal(res: LightMyRequestResponse): void {
  const body = json(res) as { items?: unknown[]; total?: unknown; nextCursor?: unknown } | null;
  if (body && Array.isArray(body.items) && typeof body.total === 'number' && body.nextCursor === null) {
    expect(body.total, 'a list total counts rows the caller does not see').toBe(body.items.length);
  }
}

function mentionsA(s: Seed, req: MatrixCall): boolean {
  return leaked(s, JSON.stringify({ ...req, raw: undefined })).length > 0;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * The same request with every id of A replaced by a random one, and a function that puts
 * A's ids back into an answer: an answer to A's ids that equals the answer to ids nobody
 * has tells the caller nothing about A.
 */
function disguised(s: Seed, req: MatrixCall): { req: MatrixCall; back: (text: string) => string } {
  const fakes = new Map<string, string>();
  const text = JSON.stringify({ params: req.params, query: req.query, body: req.body }).replace(UUID, (id) => {
    if (!s.secrets.includes(id)) return id;
    if (!fakes.has(id)) fakes.set(id, randomUUID());
    return fakes.get(id)!;
  });
  const swapped = JSON.parse(text) as MatrixCall;
  return {
    req: { ...swapped, ...(req.raw ? { raw: req.raw } : {}) },
    back: (answer) => [...fakes].reduce((acc, [real, fake]) => acc.split(fake).join(real), answer),
  };
}

function defaultCaller(s: Seed, kind: string): TestUser | null {
  if (kind === 'operator') return s.op;
  if (kind === 'anonymous' || kind === 'device' || kind === 'app-client' || kind === 'api-client') return null;
  return s.a.holder;
}

/** Levels that need no console session (the app-client and api-client levels carry their own credentials). */
const SESSIONLESS = new Set(['anonymous', 'device', 'app-client', 'api-client']);

/** An alias (the same call under a second family's path) is built as the call it repeats. */
const builderOf = (e: Endpoint): Builder | undefined => BUILDERS[e.id] ?? (e.aliasOf ? BUILDERS[e.aliasOf] : undefined);
// The scaffold check (scripts/check-scaffold.mjs) calls only the new family's endpoints;
// the coverage test below still sees them all.
const only = process.env.MATRIX_ONLY;
const covered = ALL_ENDPOINTS.filter((e) => builderOf(e) && (!only || e.id.startsWith(`${only}.`)));

describe('access matrix', () => {
  it('has a request builder for every endpoint of the contract', () => {
    const missing = ALL_ENDPOINTS.filter((e) => !builderOf(e)).map((e) => e.id);
    expect(missing, 'add builders under platform/__tests__/matrix/builders (see its README.md)').toEqual([]);
    const stale = Object.keys(BUILDERS).filter((id) => !ALL_ENDPOINTS.some((e) => e.id === id));
    expect(stale, 'builders of endpoints that no longer exist').toEqual([]);
    const total = [...CASES.values()].reduce((x, y) => x + y, 0);
    console.log(`access matrix: ${covered.length} endpoints, ${total} cases (${[...CASES].map(([k, n]) => `${k} ${n}`).join(', ')})`);
  });

  for (const e of covered) {
    const b: Builder = builderOf(e)!;
    const access = parseAccess(e.access);
    const kind = access.kind;
    const scoped = kind === 'team' || kind === 'project' || kind === 'app';
    const needed = access.requirement ?? '';

    describe(e.id, () => {
      let req: MatrixCall;
      beforeAll(async () => {
        req = await b.build(s);
        // Whatever the builder made for A (a fresh app, claim, upload...) is A's secret too.
        if (scoped || kind === 'session') {
          for (const id of JSON.stringify({ ...req, raw: undefined }).match(UUID) ?? []) if (!s.secrets.includes(id)) s.secrets.push(id);
        }
      }, 120_000);

      if (!SESSIONLESS.has(kind)) {
        caseOf('no session');
        it('refuses a caller without a session (401)', async () => {
          const res = await send(null, e, req);
          expect(verdict(res)).toEqual([401, 100401]);
          expectNoLeak(s, res);
        });
      }

      if (!SESSIONLESS.has(kind) && e.method !== 'GET') {
        caseOf('no CSRF header');
        it('refuses a call without the CSRF header (403)', async () => {
          const res = await send(s.a.holder, e, req, { csrf: null });
          expect(verdict(res)).toEqual([403, 100402]);
        });
      }

      if ((scoped || kind === 'session') && !b.noCrossTeam) {
        caseOf('other team');
        it("shows team B's member nothing of A (B's team header)", async () => {
          const res = await send(s.b.holder, e, req);
          expect(res.statusCode, res.body).toBeLessThan(500);
          if (mentionsA(s, req) && ![403, 404].includes(res.statusCode)) {
            // Answered (a batch call reports per id): exactly as for ids that do not exist.
            const twin = disguised(s, req);
            const other = await send(s.b.holder, e, twin.req);
            expect([res.statusCode, res.body]).toEqual([other.statusCode, twin.back(other.body)]);
            // What it shows of A is then only what the caller sent.
            expectNoLeak(s, res, leaked(s, JSON.stringify({ ...req, raw: undefined })));
          } else {
            expectNoLeak(s, res);
          }
          expectHonestTotal(res);
        });
      }

      if (scoped) {
        caseOf("other team with A's header");
        it("refuses team B's member who sends A's team header (403)", async () => {
          const res = await send(s.b.holder, e, req, { teamId: s.a.teamId });
          expect(verdict(res)).toEqual([403, 100408]);
          expectNoLeak(s, res);
        });

        for (const role of MATRIX_ROLES.filter((r) => !(ROLE_PERMISSIONS[r] as readonly string[]).includes(needed))) {
          caseOf('role lacking the permission');
          it(`refuses the ${role} role, which lacks ${needed} (403)`, async () => {
            expect(verdict(await send(s.roles.get(role)!, e, req))).toEqual([403, 100403]);
          });
        }

        caseOf('expired membership');
        it('refuses a member whose membership expired (403)', async () => {
          expect(verdict(await send(s.expired, e, req))).toEqual([403, 100408]);
        });
      }

      if (kind === 'app' && (ROLE_PERMISSIONS.appAdministrator as readonly string[]).includes(needed)) {
        caseOf('app outside the App administrator scope');
        it('refuses an App administrator of another app of the team', async () => {
          const res = await send(s.roles.get('appAdministrator')!, e, req);
          expect([403, 404], res.body).toContain(res.statusCode);
        });
      }

      if (kind === 'app-client') {
        caseOf('no app credentials');
        it("refuses a call without the app's credentials, or with a console session in their place (401)", async () => {
          const bare = { ...req, headers: {} };
          expect(verdict(await send(null, e, bare))).toEqual([401, 100411]);
          expect(verdict(await send(s.a.holder, e, bare))).toEqual([401, 100411]);
        });
        caseOf('wrong API key');
        it("refuses A's client ID with another key (401)", async () => {
          const res = await send(null, e, { ...req, headers: { ...req.headers, api_key: 'not-the-key' } });
          expect(verdict(res)).toEqual([401, 100411]);
          expectNoLeak(s, res);
        });
        caseOf("other team's app");
        it("shows B's app, with its own credentials, nothing of A", async () => {
          const res = await send(null, e, { ...req, headers: await appHeaders(s.b.holder, s.b.app.appId) });
          expect(res.statusCode, res.body).toBeLessThan(500);
          expectNoLeak(s, res);
        });
      }

      if (kind === 'api-client') {
        caseOf('no API client credentials');
        it("refuses a call without the client's token, with a console session in its place, or with a forged token (401)", async () => {
          const { authorization: _, ...headers } = req.headers ?? {};
          expect(verdict(await send(null, e, { ...req, headers }))).toEqual([401, 100412]);
          expect(verdict(await send(s.a.holder, e, { ...req, headers }))).toEqual([401, 100412]);
          const forged = { ...req, headers: { ...headers, authorization: 'Bearer eyJhbGciOiJIUzI1NiIsImtpZCI6IndoYXJmLngifQ.e30.AAAAAAAAAAAAAAAAAAAAAA' } };
          expect(verdict(await send(null, e, forged))).toEqual([401, 100412]);
        });
        caseOf("other team's API client");
        it("shows team B's API client nothing of A: a request naming A's resources is refused (403 or 404)", async () => {
          const res = await send(null, e, { ...req, headers: { ...req.headers, ...(await apiClientHeaders(s.t, s.b.holder)) } });
          expect(res.statusCode, res.body).toBeLessThan(500);
          if (mentionsA(s, req)) expect([403, 404], res.body).toContain(res.statusCode);
          expectNoLeak(s, res);
        });
      }

      if (kind === 'app-client' && needed) {
        caseOf("forged app user's token");
        it("refuses a forged app user's token with A's credentials (401)", async () => {
          const forged = { ...req, headers: { ...req.headers, authorization: 'Bearer eyJhbGciOiJFUzI1NiJ9.e30.AAAA' } };
          expect(verdict(await send(null, e, forged))).toEqual([401, 100418]);
        });
      }
      if (kind === 'app-client' && needed === 'user') {
        caseOf("no app user's token");
        it("refuses A's credentials without an app user's token (401)", async () => {
          const { authorization: _, ...headers } = req.headers ?? {};
          expect(verdict(await send(null, e, { ...req, headers }))).toEqual([401, 100418]);
        });
      }

      if (kind === 'operator') {
        caseOf('not an operator');
        it("refuses A's and B's account holders, who are no operators (403)", async () => {
          expect(verdict(await send(s.a.holder, e, req))).toEqual([403, 100403]);
          expect(verdict(await send(s.b.holder, e, req))).toEqual([403, 100403]);
        });
        if (needed === 'admin') {
          caseOf('reviewer on an admin call');
          it('refuses an operator with the reviewer role only (403)', async () => {
            expect(verdict(await send(s.reviewer, e, req))).toEqual([403, 100403]);
          });
        }
      }

      caseOf('correct caller');
      it(b.expect ? `answers the correct caller ${b.expect.status} (${b.expect.why})` : 'succeeds for the correct caller', async () => {
        const who = b.caller ? await b.caller(s) : defaultCaller(s, kind);
        const res = await send(who, e, req);
        const body = json(res);
        if (b.expect) {
          expect([res.statusCode, body?.ret?.code], res.body).toEqual([b.expect.status, b.expect.code]);
        } else {
          expect(res.statusCode, res.body).toBeGreaterThanOrEqual(200);
          expect(res.statusCode, res.body).toBeLessThan(300);
          if (body) expect(body.ret?.code, res.body).toBe(0);
        }
        expect(res.body.includes(s.t.dataDir), 'answer shows a storage path').toBe(false);
        if (kind === 'anonymous' || kind === 'device') expectNoLeak(s, res, b.reveals?.(s).values ?? []);
      });
    });
  }
});

describe('the seed', () => {
  it("gives B look-alike data, and A's answers carry the marker a leak would show", async () => {
    const appA = (await s.a.holder.call(appApi.getApp, { query: { appId: s.a.app.appId } })).json().app;
    const appB = (await s.b.holder.call(appApi.getApp, { query: { appId: s.b.app.appId } })).json().app;
    expect([appA.name, appB.name]).toEqual(['Tipsy', 'Tipsy']);
    expect(JSON.stringify(appA)).toContain(s.marker.toLowerCase());
    const draftA = await s.a.holder.call(versionApi.getVersion, { query: { appId: s.a.app.appId, versionId: s.a.draftVersionId } });
    const draftB = await s.b.holder.call(versionApi.getVersion, { query: { appId: s.b.app.appId, versionId: s.b.draftVersionId } });
    expect(draftA.body).toContain(s.marker);
    expect(draftB.json().version.listings[0].description).toBe(draftA.json().version.listings[0].description);
    const pkg = (await s.a.holder.call(packageApi.getPackage, { query: { appId: s.a.app.appId, pkgId: s.a.pkgId } })).json().package;
    expect(pkg).toMatchObject({ parseState: 0, packageName: 'com.dhruv.tipsy', remark: s.marker });
    const listB = (await s.b.holder.call(appApi.appList, { query: { pageSize: 100, withTotal: 'true' } })).json();
    expect(listB.items.map((x: { name: string }) => x.name)).toEqual(expect.arrayContaining(['Tipsy', 'Tipsy Lite']));
  });
});

describe('what anonymous and device callers never see', () => {
  const device = (query: Record<string, string | number>) => send(null, versionApi.updateCheck, { query });

  it("offers devices the version on shelf, never a draft with a higher versionCode", async () => {
    const fresh = await device({ packageName: s.a.app.packageName, versionCode: 1, deviceId: 'matrix-device', country: 'DE' });
    expect(fresh.json().update.versionId).toBe(s.a.onShelfVersionId);
    expect(fresh.json().update.versionCode).toBe(10);
    const current = await device({ packageName: s.a.app.packageName, versionCode: 10, deviceId: 'matrix-device', country: 'DE' });
    expect(current.json()).toEqual({ ret: { code: 0, msg: 'success' }, update: null });
    for (const res of [fresh, current]) expectNoLeak(s, res, [s.a.onShelfVersionId]);
  });

  it('does not serve the package of a draft version, and says no more than for a version that does not exist', async () => {
    const draft = await send(null, versionApi.download, { params: { versionId: s.a.draftVersionId }, query: { deviceId: 'matrix-device', country: 'DE' } });
    const none = await send(null, versionApi.download, { params: { versionId: randomUUID() }, query: { deviceId: 'matrix-device', country: 'DE' } });
    expect(draft.statusCode).toBe(404);
    expect([draft.statusCode, draft.body.split(s.a.draftVersionId).join('ID')]).toEqual([none.statusCode, none.body.replace(UUID, 'ID')]);
    expectNoLeak(s, draft, [s.a.draftVersionId]);
  });

  it("shows on the store page only what is on shelf: no draft's listing, no draft's images, no other file of the team", async () => {
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
    const url = new URL((await s.a.holder.call(fileApi.downloadUrl, { body: { objectId: s.a.objectId } })).json().url, 'http://wharf.invalid');
    const forged = await send(null, fileApi.downloadObject, { params: { objectId: s.a.objectId }, query: { expires: url.searchParams.get('expires')!, sig: 'A'.repeat(43) } });
    expect(forged.statusCode).toBe(403);
    expectNoLeak(s, forged, [s.a.objectId]);
    const upload = await send(null, fileApi.uploadSigned, { params: { ticketId: randomUUID() }, query: { expires: url.searchParams.get('expires')!, sig: 'A'.repeat(43) }, raw: Buffer.from('x') });
    expect([403, 404]).toContain(upload.statusCode);
    expectNoLeak(s, upload);
  });

  it("gives a tester of team B neither A's test version nor its package", async () => {
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
    const res = await send(null, ALL_ENDPOINTS.find((e) => e.id === 'app.demoProject')!, {});
    expect(res.statusCode).toBe(200);
    expectNoLeak(s, res);
    expect(res.body).not.toContain(s.b.app.appId);
  });
});

describe('an expired membership', () => {
  it("does not let its member switch into the team, nor show the team's data in the member's own calls", async () => {
    const switched = await s.expired.call(teamApi.switchTeam, { body: { teamId: s.a.teamId } });
    expect([403, 404]).toContain(switched.statusCode);
    for (const e of [authApi.userInfo, teamApi.teamList]) {
      const res = await s.expired.call(e);
      expect(res.statusCode).toBe(200);
      expect(leaked(s, res.body, [s.a.teamId, s.expired.userId, s.expired.email, s.a.holder.userId])).toEqual([]);
    }
  });
});

describe('refused callers', () => {
  it("left no trace: no change by B's member in A's teams, none at all by the members whose role or membership was refused", async () => {
    const refused = [...s.roles.values(), s.expired].map((u) => u.userId);
    const { rows } = await s.t.deps.database.executeSql(
      `select action, team_id, actor_id from audit_events where id > $1 and ((actor_id = $2 and team_id in ($3, $4)) or actor_id = any($5::text[]))`,
      [seedMark, s.b.holder.userId, s.a.teamId, s.a.moveTeamId, refused],
    );
    expect(rows).toEqual([]);
    // The query does see the matrix's own changes: the correct callers' are there.
    const mine = await s.t.deps.database.executeSql('select count(*)::int as n from audit_events where id > $1 and actor_id = $2 and team_id = $3', [seedMark, s.a.holder.userId, s.a.teamId]);
    if (!only) expect(Number((mine.rows[0] as { n: number }).n)).toBeGreaterThan(20);
  });
});

describe('the audit trail of the matrix', () => {
  it("records the request's address for every change a person or device made (system actions have none)", async () => {
    const { rows } = await s.t.deps.database.executeSql(
      `select distinct action from audit_events where id > $1 and actor_kind <> 'system' and ip is null order by action`,
      [seedMark],
    );
    expect(rows).toEqual([]);
    const { rows: withIp } = await s.t.deps.database.executeSql(`select count(distinct action)::int as n from audit_events where id > $1 and ip = '127.0.0.1'`, [seedMark]);
    if (!only) expect(Number((withIp[0] as { n: number }).n)).toBeGreaterThan(40);
  });
});

describe("team B's own resources combined with A's ids", () => {
  /**
   * B names its own app, version or group and slips in one id of A (a package, a file, an
   * app, a group, a project). Each answer must be exactly the answer for an id nobody has,
   * and show nothing of A beyond what B sent.
   */
  const now = () => s.t.clock.now().getTime();
  const group = async (u: TestUser) => {
    const groupId = (await u.call(testingApi.createGroup, { body: { name: `Mixed ${randomUUID().slice(0, 8)}` } })).json().group.groupId as string;
    if (u === s.a.holder) s.secrets.push(groupId);
    return groupId;
  };
  const cases: Array<[string, Endpoint, () => Promise<MatrixCall> | MatrixCall]> = [
    ["A's package on B's version", versionApi.updateVersion, () => ({ body: { appId: s.b.app.appId, versionId: s.b.draftVersionId, pkgId: s.a.pkgId } })],
    ["A's file as B's listing icon", versionApi.updateVersion, () => ({ body: { appId: s.b.app.appId, versionId: s.b.draftVersionId, listings: [{ language: 'enUS', iconObjectId: s.a.objectId }] } })],
    ["A's file among B's screenshots", versionApi.updateVersion, () => ({ body: { appId: s.b.app.appId, versionId: s.b.draftVersionId, listings: [{ language: 'enUS', screenshotObjectIds: [s.a.objectId] }] } })],
    ["A's file as a package of B's app", packageApi.addPackage, () => ({ body: { appId: s.b.app2.appId, objectId: s.a.objectId } })],
    ["A's app in B's series", appApi.setSeries, () => ({ body: { appId: s.b.app.appId, memberAppIds: [s.a.app2.appId] } })],
    ["A's team and project as where B's app moves", appApi.moveAppCheck, () => ({ body: { appId: s.b.app2.appId, targetTeamId: s.a.teamId, targetProjectId: s.a.projectId } })],
    ["B's app moved into A's project", appApi.moveApp, () => ({ body: { appId: s.b.app2.appId, targetTeamId: s.a.teamId, targetProjectId: s.a.projectId } })],
    ["A's file as proof of B's package-name claim", packageApi.startClaim, () => ({ body: { appId: s.b.app2.appId, packageName: s.a.app.packageName, objectId: s.a.objectId } })],
    ["A's package in B's test version", testingApi.openTest, async () => ({
      body: { appId: s.b.app.appId, name: 'Mixed', pkgId: s.a.pkgId, groupIds: [await group(s.b.holder)], startAt: new Date(now()).toISOString(), endAt: new Date(now() + 86_400_000).toISOString() },
    })],
    ["A's test-user group in B's test version", testingApi.openTest, async () => ({
      body: { appId: s.b.app.appId, name: 'Mixed', pkgId: s.b.pkgId, groupIds: [await group(s.a.holder)], startAt: new Date(now()).toISOString(), endAt: new Date(now() + 86_400_000).toISOString() },
    })],
    // B's own app, and a package, version or test version of A under it.
    ...(
      [
        [packageApi.getPackage, (x: Seed) => ({ query: { appId: x.b.app.appId, pkgId: x.a.pkgId } })],
        [packageApi.packageState, (x: Seed) => ({ query: { appId: x.b.app.appId, pkgId: x.a.pkgId } })],
        [packageApi.phoneList, (x: Seed) => ({ body: { appId: x.b.app.appId, pkgId: x.a.pkgId } })],
        [packageApi.updatePackage, (x: Seed) => ({ body: { appId: x.b.app.appId, pkgId: x.a.pkgId, remark: 'Mixed' } })],
        [packageApi.deletePackage, (x: Seed) => ({ query: { appId: x.b.app.appId, pkgId: x.a.pkgId } })],
        [versionApi.getVersion, (x: Seed) => ({ query: { appId: x.b.app.appId, versionId: x.a.draftVersionId } })],
        [versionApi.historyVersion, (x: Seed) => ({ query: { appId: x.b.app.appId, versionId: x.a.draftVersionId } })],
        [versionApi.phasedReleaseHistory, (x: Seed) => ({ query: { appId: x.b.app.appId, versionId: x.a.onShelfVersionId } })],
        [versionApi.updateVersion, (x: Seed) => ({ body: { appId: x.b.app.appId, versionId: x.a.draftVersionId, reviewNotes: 'Mixed' } })],
        [versionApi.deleteVersionLanguage, (x: Seed) => ({ query: { appId: x.b.app.appId, versionId: x.a.draftVersionId, language: 'enUS' } })],
        [versionApi.submitVersion, (x: Seed) => ({ body: { appId: x.b.app.appId, versionId: x.a.draftVersionId } })],
        [versionApi.shelfOff, (x: Seed) => ({ body: { appId: x.b.app.appId, versionId: x.a.onShelfVersionId, reason: 'Mixed' } })],
        [versionApi.deleteVersion, (x: Seed) => ({ query: { appId: x.b.app.appId, versionId: x.a.draftVersionId } })],
      ] as Array<[Endpoint, (x: Seed) => MatrixCall]>
    ).map(([e, req]): [string, Endpoint, () => MatrixCall] => [`A's package or version under B's app (${e.id})`, e, () => req(s)]),
    [
      "A's test version under B's app",
      testingApi.testRelease,
      async () => ({ body: { appId: s.b.app.appId, testVersionId: (await testing(s)).testVersionId, action: 'stop' } }),
    ],
    [
      "an upload of A composed already, composed again by B",
      fileApi.multipartCompose,
      async () => {
        const uploadId = (await s.a.holder.call(fileApi.multipartInit, { body: { fileName: 'matrix.bin', size: 8 } })).json().uploadId as string;
        await s.a.holder.call(fileApi.multipartPart, { query: { uploadId, partNumber: 1 }, raw: Buffer.from('01234567') });
        const done = await s.a.holder.call(fileApi.multipartCompose, { body: { uploadId } });
        expect(done.statusCode, done.body).toBe(200);
        s.secrets.push(uploadId, done.json().object.objectId);
        return { body: { uploadId } };
      },
    ],
    ["A's project as the filter of B's app list (with its total)", appApi.appList, () => ({ query: { projectId: s.a.projectId, withTotal: 'true' } })],
    ["A's holder as the actor filter of B's audit log (with its total)", teamApi.auditEventList, () => ({ query: { actorId: s.a.holder.userId, withTotal: 'true' } })],
    ["A's app in the scope of B's App administrator", teamApi.createSubUser, () => ({ body: { email: `mixed-${randomUUID().slice(0, 8)}@example.com`, roles: ['appAdministrator'], appIds: [s.a.app.appId] } })],
  ];

  it.each(cases)('%s: answered as for an id nobody has', async (_name, e, build) => {
    const req = await build();
    const res = await send(s.b.holder, e, req);
    const twin = disguised(s, req);
    const other = await send(s.b.holder, e, twin.req);
    // New rows get new ids and times: those aside, the answers are the same.
    const plain = (text: string) => text.replace(UUID, 'ID').replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, 'TIME');
    expect([res.statusCode, plain(res.body)]).toEqual([other.statusCode, plain(twin.back(other.body))]);
    expectNoLeak(s, res, leaked(s, JSON.stringify(req)));
  });

  it("left B's version, app and the moved-to team as they were", async () => {
    const v = (await s.b.holder.call(versionApi.getVersion, { query: { appId: s.b.app.appId, versionId: s.b.draftVersionId } })).json().version;
    expect(v.pkgId).not.toBe(s.a.pkgId);
    expect(JSON.stringify(v.listings)).not.toContain(s.a.objectId);
    const apps = (await s.a.holder.call(appApi.appListByProject, { query: { projectId: s.a.projectId } })).json().items as Array<{ appId: string }>;
    expect(apps.map((x) => x.appId)).not.toContain(s.b.app2.appId);
  });
});
