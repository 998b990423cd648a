import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { appApi, appUsersApi, authApi, cloudDbApi, fileApi, projectApi, teamApi, versionApi } from '@wharf/contract';
import { DEFAULT_CLOUD_DB_PERMISSIONS } from '@wharf/rules';
import { loadConfig } from '../config';
import { openTestDatabase, sampleBytes, TEST_ENV, TestUser, type TestDatabase, type TestTarget } from '../harness';
import { startBalancer, type Balancer } from '../harness/balancer';
import { startInstance, type Instance } from '../harness/instances';
import { remoteTarget } from '../harness/remote';
import { appHeaders } from '../platform/__tests__/matrix/builders/app-users';
import { completeVersion, newApp, openTaskOf, released } from '../harness/scenarios';

/*
 * Three server processes on one PostgreSQL database and one S3-compatible store (s3rver),
 * behind a round-robin balancer that follows their readiness: what a deployment that
 * scales out runs. Each instance has its own pools, caches, pub/sub connection and clock
 * (the test clock, moved on all three alike). PostgreSQL only: the embedded database is
 * one process by design.
 */
const CACHE_MS = 60_000;
const OPERATOR = { email: 'ops@example.com', password: 'operator password' };
const SIGN_UPS_PER_HOUR = 4;

let db: TestDatabase;
let s3: S3rver;
let dirs: string[] = [];
let instances: Instance[] = [];
let balancer: Balancer;
let direct: TestTarget[];
let lb: TestTarget;
let op: TestUser;

const onPostgres = (JSON.parse(inject('dbTemplate')) as { kind: string }).kind === 'postgres';

beforeAll(async () => {
  if (!onPostgres) return;
  db = await openTestDatabase();
  const s3dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wharf-instances-s3-'));
  const emptyDemo = await fs.mkdtemp(path.join(os.tmpdir(), 'wharf-instances-demo-'));
  dirs = [s3dir, emptyDemo];
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3dir, configureBuckets: [{ name: 'files', configs: [] }] });
  const { port } = await s3.run();
  const env: Record<string, string> = {
    ...TEST_ENV,
    LOG_LEVEL: 'warn',
    DATABASE_URL: db.url!,
    DATABASE_POOL_SIZE: '5',
    SECRETS_KEY: randomBytes(32).toString('base64'),
    STORAGE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: 'files',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: '1',
    WHARF_TEST_CLOCK: '1',
    WHARF_OPERATOR_EMAIL: OPERATOR.email,
    WHARF_OPERATOR_PASSWORD: OPERATOR.password,
    // The demo is seeded (once), without its packages: their parse is not what this tests.
    DEMO_SEED: 'on',
    DEMO_PACKAGES_DIR: emptyDemo,
    // Long enough that only pub/sub or the test clock can make a change seen in time.
    SESSION_CACHE_TTL_MS: String(CACHE_MS),
    DISTRIBUTION_CACHE_TTL_MS: String(CACHE_MS),
    RATE_LIMITS: JSON.stringify({ ...JSON.parse(TEST_ENV.RATE_LIMITS!), anonymousSignUp: { limit: SIGN_UPS_PER_HOUR, windowMs: 3_600_000 } }),
    SHUTDOWN_DRAIN_DELAY_MS: '600',
    DUE_ACTIONS_TICK_MS: '200',
  };
  instances = await Promise.all(
    [0, 1, 2].map(async (i) => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `wharf-instance-${i}-`));
      dirs.push(dataDir);
      return startInstance({ ...env, DATA_DIR: dataDir });
    }),
  );
  const config = loadConfig({ ...env, DATA_DIR: os.tmpdir() });
  balancer = await startBalancer(instances.map((i) => i.url));
  direct = instances.map((i) => remoteTarget(i.url, config));
  lb = remoteTarget(balancer.url, config);
  op = new TestUser(lb, OPERATOR.email, OPERATOR.password);
  expect((await op.login()).statusCode).toBe(200);
}, 120_000);

afterAll(async () => {
  if (!onPostgres) return;
  await balancer?.close();
  await Promise.all(instances.map((i) => i.stop()));
  await s3?.close();
  await db?.destroy();
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

const sql = async <T>(text: string, values: unknown[] = []) => (await db.database.executeSql(text, values)).rows as T[];
const t = () => ({ deps: { database: db.database } });

/** Moves every instance's test clock alike; each runs its due actions. Answers how many fired where. */
async function advanceAll(ms: number): Promise<number[]> {
  return Promise.all(
    instances.map(async (i) => {
      const res = await fetch(`${i.url}/__test/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceMs: ms }) });
      return ((await res.json()) as { fired: number }).fired;
    }),
  );
}

async function eventually(check: () => Promise<boolean>, withinMs = 5000): Promise<boolean> {
  const until = Date.now() + withinMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

describe.runIf(onPostgres)('three instances on one PostgreSQL and one object store', () => {
  it('start together and seed the database once: one operator, one demo', async () => {
    expect(await sql(`select count(*)::int as n from users where email = $1`, [OPERATOR.email])).toEqual([{ n: 1 }]);
    expect(await sql(`select count(*)::int as n from users where email = 'demo@wharf.local'`)).toEqual([{ n: 1 }]);
    expect(instances.filter((i) => i.output().includes('Demo project seeded'))).toHaveLength(1);
  });

  it('take a session made on one on every other, its CSRF token too, and all forget it at once when it signs out', async () => {
    const u = await TestUser.register(direct[0]!);
    for (const [i, target] of direct.entries()) {
      const made = await u.on(target).call(projectApi.createProject, { body: { name: `Made on ${i}` } });
      expect(made.statusCode, made.body).toBe(200);
      expect((await u.on(target).call(projectApi.createProject, { body: { name: 'No token' }, csrf: null })).statusCode).toBe(403);
    }
    expect((await u.on(direct[1]!).call(authApi.logout)).statusCode).toBe(200);
    // Each still had the session cached (for a minute): only the message can clear it.
    for (const target of [direct[0]!, direct[2]!]) {
      expect(await eventually(async () => (await u.on(target).call(teamApi.userPermission)).statusCode === 401)).toBe(true);
    }
  });

  it('take the bytes of a signed upload URL on any instance, and serve them from any other', async () => {
    const u = await TestUser.register(lb);
    const bytes = sampleBytes('png', 70_000);
    const { url } = (await u.on(direct[0]!).call(fileApi.uploadUrl, { body: { fileName: 'shot.png', contentType: 'image/png' } })).json();
    const at = new URL(url, 'http://x');
    const put = await fetch(`${instances[1]!.url}${at.pathname}${at.search}`, { method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body: bytes });
    expect(put.status, await put.clone().text()).toBe(200);
    const { objectId } = ((await put.json()) as { object: { objectId: string } }).object;
    const link = (await u.on(direct[2]!).call(fileApi.downloadUrl, { body: { objectId } })).json().url as string;
    const back = await fetch(new URL(link, instances[0]!.url));
    expect(Buffer.from(await back.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('fire a scheduled release once, whichever instances reach its time', async () => {
    const u = await TestUser.register(lb);
    const app = await newApp(u);
    const v = await completeVersion(t(), u, app.appId);
    expect((await u.call(versionApi.submitVersion, { body: { appId: app.appId, versionId: v.versionId } })).statusCode).toBe(200);
    const now = ((await (await fetch(`${instances[0]!.url}/__test/clock`)).json()) as { now: string }).now;
    const releaseAt = new Date(new Date(now).getTime() + 10 * 60_000).toISOString();
    const approved = await op.call(versionApi.submitReview, { body: { taskId: await openTaskOf(t(), v.versionId), decision: 'approve', releaseAt } });
    expect(approved.statusCode, approved.body).toBe(200);
    await advanceAll(11 * 60_000);
    expect(await sql(`select count(*)::int as n from version_events where version_id = $1 and action = 'release'`, [v.versionId])).toEqual([{ n: 1 }]);
    expect((await u.call(versionApi.getVersion, { query: { appId: app.appId, versionId: v.versionId } })).json().version.releaseState).toBe(0);
  });

  it('show a phased release stopped on one instance to every device on every instance within the cache time', async () => {
    const u = await TestUser.register(lb);
    const app = await newApp(u);
    const v1 = await released(t(), u, op, app.appId, 10);
    const v2 = await completeVersion(t(), u, app.appId, 11);
    const ref = { appId: app.appId, versionId: v2.versionId };
    const now = ((await (await fetch(`${instances[0]!.url}/__test/clock`)).json()) as { now: string }).now;
    const phase = { state: 'UPDATE', percent: 30, startAt: now, endAt: new Date(new Date(now).getTime() + 30 * 86_400_000).toISOString(), description: 'Careful' };
    expect((await u.call(versionApi.updateVersion, { body: { ...ref, releaseType: 'phased' } })).statusCode).toBe(200);
    expect((await u.call(versionApi.changePhasedRelease, { body: { ...ref, ...phase } })).statusCode).toBe(200);
    expect((await u.call(versionApi.submitVersion, { body: ref })).statusCode).toBe(200);
    expect((await op.call(versionApi.submitReview, { body: { taskId: await openTaskOf(t(), v2.versionId), decision: 'approve' } })).statusCode).toBe(200);
    const devices = Array.from({ length: 60 }, (_, i) => `device-${i}`);
    const offered = async (target: TestTarget) =>
      Promise.all(devices.map(async (deviceId) => (await target.app.inject({ method: 'GET', url: versionApi.updateCheck.fullPath, query: { packageName: app.packageName, versionCode: '1', deviceId } })).json().update?.versionId as string));

    await advanceAll(CACHE_MS + 1);
    for (const target of direct) expect((await offered(target)).filter((id) => id === v2.versionId).length).toBeGreaterThan(0);
    expect((await u.on(direct[1]!).call(versionApi.changePhasedRelease, { body: { ...ref, state: 'ROLLBACK' } })).json().phasedRelease.state).toBe('terminated');
    await advanceAll(CACHE_MS + 1);
    for (const target of direct) expect(new Set(await offered(target))).toEqual(new Set([v1.versionId]));
  });

  it('show an app changed on one instance to every other at once, though each keeps the apps it read for a minute', async () => {
    const u = await TestUser.register(direct[0]!);
    const { appId } = await newApp(u);
    const read = (target: TestTarget) => u.on(target).call(appApi.getApp, { query: { appId } });
    for (const target of direct) expect((await read(target)).json().app.supportEmail).toBeNull();
    expect((await u.on(direct[0]!).call(appApi.updateApp, { body: { appId, supportEmail: 'seen@example.com' } })).statusCode).toBe(200);
    for (const target of direct) expect(await eventually(async () => (await read(target)).json().app.supportEmail === 'seen@example.com')).toBe(true);
    expect((await u.on(direct[1]!).call(appApi.deleteApp, { query: { appId } })).statusCode).toBe(200);
    for (const target of direct) expect(await eventually(async () => (await read(target)).statusCode === 404)).toBe(true);
  });

  it('hold a rate limit for the sum of the calls across instances', async () => {
    const u = await TestUser.register(lb);
    const app = await newApp(u);
    const { projectId } = (await u.call(appApi.getApp, { query: { appId: app.appId } })).json().app as { projectId: string };
    expect((await u.call(appUsersApi.setAuthMethods, { query: { projectId }, body: { anonymous: true, email: false } })).statusCode).toBe(200);
    const headers = await appHeaders(u, app.appId);
    const answers = await Promise.all(Array.from({ length: SIGN_UPS_PER_HOUR + 5 }, () => lb.app.inject({ method: 'POST', url: appUsersApi.signInAnonymously.fullPath, headers, payload: {} })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(SIGN_UPS_PER_HOUR);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(5);
  });

  it('lose no request when one instance is stopped under load: it drains, then exits 0', async () => {
    const u = await TestUser.register(lb);
    // Writes rename one project each: creating one a write met the team's limit of 300 on a fast machine.
    const projectIds = await Promise.all([1, 2, 3, 4, 5, 6].map(async (n) => (await u.call(projectApi.createProject, { body: { name: `Load ${n}` } })).json().project.projectId as string));
    const failures: string[] = [];
    let answered = 0;
    let running = true;
    const loop = async (n: number) => {
      for (let k = 0; running; k += 1) {
        const res = k % 3 === 0 ? await u.call(projectApi.renameProject, { params: { projectId: projectIds[n - 1]! }, body: { name: `Load ${n}-${k}` } }) : await u.call(projectApi.projectList, { query: { pageSize: 5 } });
        if (res.statusCode === 200) answered += 1;
        else failures.push(`${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    };
    const loops = Promise.all([1, 2, 3, 4, 5, 6].map(loop));
    await new Promise((r) => setTimeout(r, 500));
    const stopping = instances[2]!.stop();
    await new Promise((r) => setTimeout(r, 1500));
    running = false;
    await loops;
    expect(await stopping).toBe(0);
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(30);
    expect(balancer.ready(instances[2]!.url)).toBe(false);
  });

  it('deliver a Cloud DB live query on one instance for a write on another, and a change of rights made on one to every other at once', async () => {
    const u = await TestUser.register(direct[0]!);
    const { projectId } = (await u.call(projectApi.createProject, { body: { name: 'Shared shelf' } })).json().project as { projectId: string };
    const { appId } = (await u.call(appApi.createApp, { body: { projectId, platform: 'android', name: 'Shelf', packageName: `com.wharf.instances${process.pid}.shelf`, category: 'app', defaultLanguage: 'enUS' } })).json().app as { appId: string };
    await u.call(cloudDbApi.createZone, { query: { projectId }, body: { zoneName: 'main' } });
    const open = DEFAULT_CLOUD_DB_PERMISSIONS.map((p) => (p.role === 'World' ? { ...p, rights: ['Read' as const, 'Upsert' as const] } : p));
    const fields = [{ fieldName: 'id', fieldType: 'Integer' as const, belongPrimaryKey: true, notNull: true, isNeedEncrypt: false }, { fieldName: 'title', fieldType: 'String' as const, belongPrimaryKey: false, notNull: false, isNeedEncrypt: false }];
    const made = await u.call(cloudDbApi.createObjectType, { query: { projectId }, body: { objectTypeName: 'Note', fields, indexes: [], permissions: open } });
    expect(made.statusCode, made.body).toBe(200);
    const headers = { ...(await appHeaders(u, appId)), 'content-type': 'application/json' };
    const at = (i: number, op: string) => `${instances[i]!.url}${cloudDbApi.listenObjects.fullPath.replace(':zoneName', 'main').replace(':objectTypeName', 'Note').replace(/listen$/, op)}`;
    const stop = new AbortController();
    const stream = await fetch(at(1, 'listen'), { method: 'POST', headers, body: JSON.stringify({ timeoutSeconds: 30 }), signal: stop.signal });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    let text = '';
    const until = async (holds: (t: string) => boolean) => {
      const deadline = Date.now() + 10_000;
      while (!holds(text) && Date.now() < deadline) {
        const next = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), 500))]);
        if (next && !next.done) text += new TextDecoder().decode(next.value);
      }
      return holds(text);
    };
    try {
      expect(await until((t) => t.includes('"objects":[]'))).toBe(true);
      const written = await fetch(at(0, 'upsert'), { method: 'POST', headers, body: JSON.stringify({ objects: [{ id: 1, title: 'Written on the first' }] }) });
      expect(written.status).toBe(200);
      expect(await until((t) => t.includes('Written on the first'))).toBe(true);
    } finally {
      stop.abort();
    }
    // The second instance has the type's rights cached; the first takes the key's reading away.
    await u.call(cloudDbApi.updateObjectType, { params: { objectTypeName: 'Note' }, query: { projectId }, body: { objectTypeName: 'Note', fields, indexes: [], permissions: DEFAULT_CLOUD_DB_PERMISSIONS.map((p) => (p.role === 'World' ? { ...p, rights: [] } : p)), revision: 1 } });
    await expect.poll(async () => (await fetch(at(1, 'query'), { method: 'POST', headers, body: '{}' })).status, { timeout: 5000 }).toBe(403);
  });

  it('printed no error and no deprecation on any instance', () => {
    for (const i of instances) expect(i.output()).not.toMatch(/DeprecationWarning|"level":50|"level":60/);
  });
});
