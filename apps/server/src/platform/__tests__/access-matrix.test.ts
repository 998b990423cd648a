import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS, ROLE_PERMISSIONS, appApi, authApi, packageApi, parseAccess, teamApi, versionApi } from '@wharf/contract';
import { BUILDERS } from './matrix/builders';
import { leaked, MATRIX_ROLES, seedMatrix, type Seed } from './matrix/seed';
import { builderOf, defaultCaller, disguised, expectHonestTotal, expectNoLeak, json, mentionsA, sender, SESSIONLESS, UUID, verdict } from './matrix/requests';
import { mixedIdCases } from './matrix/mixed-ids';
import { describePublicLeaks } from './matrix/public-leaks';
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

const send = sender(() => s);

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
        if (needed !== 'reviewer') {
          caseOf("reviewer on another role's call");
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

describePublicLeaks(() => s, send);

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
  const cases = mixedIdCases(() => s);

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
