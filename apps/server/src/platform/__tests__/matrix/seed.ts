import type { LightMyRequestResponse } from 'fastify';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { appApi, fileApi, operatorApi, packageApi, projectApi, teamApi, versionApi } from '@wharf/contract';
import { createTestApp, sampleBytes, TestUser, type TestApp } from '../../../harness';
import { accountsFamily } from '../../../families/accounts';
import { invitationToken } from '../../../harness/scenarios';
import { buildApk } from '@wharf/parsers/test-kit';
import { completeVersion, fullListing, openTaskOf, parsedPackage, released } from '../../../harness/scenarios';

/** Real builds shared beside the repository (see ../shared/fixtures/packages/README.md). */
const FIXTURES = path.resolve(import.meta.dirname, '../../../../../../../shared/fixtures/packages');
const AAB = path.join(FIXTURES, 'tipsy-release.aab');
export const MP4 = fs.readFileSync(path.resolve(import.meta.dirname, '../../../families/files/__tests__/__fixtures__/tiny-h264-aac.mp4'));

/**
 * The roles tried one by one. The account holder has every permission (it is the correct
 * caller); Legal is only granted beside Administrator or App administrator, so it never
 * stands alone.
 */
export const MATRIX_ROLES = ['administrator', 'appAdministrator', 'development', 'operations', 'customerService', 'finance'] as const;

export interface AppRef {
  appId: string;
  packageName: string;
}

export interface TeamSeed {
  holder: TestUser;
  teamId: string;
  projectId: string;
  /** On shelf with versionCode 10, and a draft version 11 beside it. */
  app: AppRef;
  /** A second app of the project (the App administrator's scope in team A). */
  app2: AppRef;
  pkgId: string;
  onShelfVersionId: string;
  draftVersionId: string;
  /** An uploaded image. */
  objectId: string;
  roleId: string;
  invitationId: string;
  invitedEmail: string;
  /** A member with the Development role. */
  member: TestUser;
}

export interface Seed {
  t: TestApp;
  /** The platform operator: admin and reviewer. */
  op: TestUser;
  /** An operator with the reviewer role only. */
  reviewer: TestUser;
  a: TeamSeed & { quickApp: AppRef; moveTeamId: string; moveProjectId: string };
  b: TeamSeed;
  /** Members of team A, one per built-in role (the App administrator is scoped to `a.app2`). */
  roles: Map<string, TestUser>;
  /** A member of team A whose membership has expired. */
  expired: TestUser;
  /** The marker written into A's free-text fields. */
  marker: string;
  /** Everything of A that team B and anonymous callers must never see (ids, emails, markers). */
  secrets: string[];
  fresh: Fresh;
}

export interface Fresh {
  user(): Promise<TestUser>;
  app(platform?: string): Promise<AppRef>;
  project(): Promise<string>;
  upload(bytes?: Buffer, fileName?: string, contentType?: string): Promise<string>;
  /** A member of team A with these roles; answers the member. */
  member(roles?: string[]): Promise<TestUser>;
  invitation(): Promise<{ invitationId: string; email: string }>;
  role(): Promise<string>;
  /** A fresh app of team A with a complete draft version. */
  draft(): Promise<AppRef & { versionId: string }>;
  /** A fresh app of team A with versionCode 10 on shelf. */
  onShelf(): Promise<AppRef & { versionId: string }>;
  /** A fresh app of team A with version 10 submitted for review. */
  submitted(): Promise<AppRef & { versionId: string }>;
}

let seq = 0;
const unique = () => `${process.pid}${(seq += 1)}${randomBytes(3).toString('hex')}`;

async function ok(res: LightMyRequestResponse, what: string) {
  if (res.statusCode !== 200) throw new Error(`seed: ${what} failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function join(t: TestApp, holder: TestUser, roles: string[], extra: Record<string, unknown> = {}): Promise<TestUser> {
  const member = await TestUser.register(t, { displayName: 'Matrix member' });
  await ok(await holder.call(teamApi.createSubUser, { body: { email: member.email, roles, ...extra } }), `invite ${roles.join(',')}`);
  t.clock.advance(1000);
  await ok(await member.call(teamApi.acceptInvitation, { body: { token: await invitationToken(t, member.email) } }), 'accept');
  member.absorb(await member.call(teamApi.switchTeam, { body: { teamId: holder.teamId } }));
  member.teamId = holder.teamId;
  await member.whoAmI();
  return member;
}

async function waitParsed(u: TestUser, appId: string, pkgId: string): Promise<void> {
  for (let i = 0; i < 900; i += 1) {
    const p = (await u.call(packageApi.getPackage, { query: { appId, pkgId } })).json().package;
    if (p.parseState === 0) return;
    if (p.parseState !== 1) throw new Error(`seed: package parse failed: ${p.failureReason}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('seed: package parse did not finish');
}

/**
 * Two teams with look-alike data: the same project, app and listing texts, so that a
 * leak is not hidden by a difference in shape. A's free texts carry `marker`, and every
 * id and email of A is listed in `secrets`, so an answer to B that shows any of A's
 * data is found by searching its body.
 */
export async function seedMatrix(): Promise<Seed> {
  const t = await createTestApp({
    env: { WHARF_JOBS: 'on', WHARF_OPERATOR_EMAIL: 'ops@example.com', WHARF_OPERATOR_PASSWORD: 'operator password', UPLOAD_URL_ALLOW: '127.0.0.1' },
  });
  await accountsFamily.onStart!(t.deps, () => undefined);
  const op = new TestUser(t, 'ops@example.com', 'operator password');
  await ok(await op.login(), 'operator sign-in');
  await op.whoAmI();
  const reviewer = await TestUser.register(t, { displayName: 'Matrix reviewer' });
  await ok(await op.call(operatorApi.grantOperatorRole, { body: { email: reviewer.email, role: 'reviewer' } }), 'grant reviewer');

  const marker = `A-SECRET-${randomUUID()}`;

  // Both teams' apps exist before either is listed: a listed app's name is taken for new apps.
  async function apps(side: 'a' | 'b') {
    const holder = await TestUser.register(t, { displayName: 'Matrix holder' });
    const projectId = (await ok(await holder.call(projectApi.createProject, { body: { name: 'Matrix project' } }), 'project')).project.projectId as string;
    const create = async (name: string, packageName: string, platform = 'android') =>
      (await ok(await holder.call(appApi.createApp, { body: { projectId, platform, name, packageName, category: 'app', defaultLanguage: 'enUS' } }), `app ${name}`)).app as AppRef;
    const app = await create('Tipsy', side === 'a' ? 'com.dhruv.tipsy' : `com.dhruv.tipsy.lookalike${unique()}`);
    const app2 = await create('Tipsy Lite', `com.matrix.${side}.lite${unique()}`);
    return { side, holder, projectId, app, app2 };
  }

  async function team({ side, holder, projectId, app, app2 }: Awaited<ReturnType<typeof apps>>): Promise<TeamSeed> {
    let pkgId: string;
    if (side === 'a') {
      // A's package is the real Android App Bundle, parsed by the packages family's worker.
      const bytes = fs.existsSync(AAB) ? fs.readFileSync(AAB) : buildApk({ manifest: { packageName: 'com.dhruv.tipsy', versionCode: 1, versionName: '1.0', minSdk: 21, targetSdk: 30 } });
      const up = await ok(await holder.call(fileApi.uploadObject, { query: { fileName: `${marker}.aab` }, raw: bytes }), 'upload aab');
      pkgId = (await ok(await holder.call(packageApi.addPackage, { body: { appId: app.appId, objectId: up.object.objectId, remark: marker } }), 'add package')).package.pkgId;
      await waitParsed(holder, app.appId, pkgId);
    } else {
      pkgId = (await parsedPackage(t, holder, app.appId, 1)).pkgId;
    }
    await holder.whoAmI();
    const secretish = side === 'a' ? { developerWebsite: `https://${marker.toLowerCase()}.example.com/`, supportEmail: `${marker.toLowerCase()}@example.com` } : { developerWebsite: 'https://matrix.example.com/', supportEmail: 'support@example.com' };
    await ok(await holder.call(appApi.updateApp, { body: { appId: app.appId, ...secretish } }), 'app details');
    const shelf = await released(t, holder, op, app.appId, 10);
    const draft = await completeVersion(t, holder, app.appId, 11);
    const notes = side === 'a' ? { reviewNotes: marker, testAccount: { account: marker, password: marker } } : { reviewNotes: 'Matrix notes', testAccount: { account: 'matrix', password: 'matrix' } };
    // A's draft says what is new in words a public page must never show before release.
    const listing = { ...fullListing(), newFeatures: side === 'a' ? marker : 'Matrix features' };
    await ok(await holder.call(versionApi.updateVersion, { body: { appId: app.appId, versionId: draft.versionId, ...notes, listings: [listing] } }), 'draft notes');
    const objectId = (await ok(await holder.call(fileApi.uploadObject, { query: { fileName: side === 'a' ? `${marker}.png` : 'matrix.png', contentType: 'image/png' }, raw: sampleBytes('png', 512) }), 'upload png')).object.objectId as string;
    const roleKey = (await ok(await holder.call(teamApi.createRole, { body: { name: side === 'a' ? marker : 'Matrix role', permissions: ['app.read'] } }), 'role')).role.key as string;
    const invitedEmail = TestUser.uniqueEmail(`invited-${side}`);
    const invitationId = (await ok(await holder.call(teamApi.createSubUser, { body: { email: invitedEmail, roles: ['development'] } }), 'invitation')).invitation.invitationId as string;
    const member = await join(t, holder, ['development']);
    return {
      holder,
      teamId: holder.teamId,
      projectId,
      app,
      app2,
      pkgId,
      onShelfVersionId: shelf.versionId,
      draftVersionId: draft.versionId,
      objectId,
      roleId: roleKey.replace(/^custom:/, ''),
      invitationId,
      invitedEmail,
      member,
    };
  }

  const aApps = await apps('a');
  const bApps = await apps('b');
  const a0 = await team(aApps);
  const b = await team(bApps);
  const quickApp = (await ok(await a0.holder.call(appApi.createApp, { body: { projectId: a0.projectId, platform: 'quickapp', name: 'Tipsy Quick', packageName: `com.matrix.quick${unique()}`, category: 'app', defaultLanguage: 'enUS' } }), 'quick app')).app as AppRef;
  // A second team of A's holder, where apps can move to.
  const moveTeamId = (await ok(await a0.holder.call(teamApi.createMainUser, { body: { name: 'Matrix company' } }), 'company team')).team.teamId as string;
  const moveProjectId = (await ok(await a0.holder.call(projectApi.createProject, { body: { name: 'Matrix target' }, teamId: moveTeamId }), 'target project')).project.projectId as string;
  const a = { ...a0, quickApp, moveTeamId, moveProjectId };

  const roles = new Map<string, TestUser>();
  for (const role of MATRIX_ROLES) {
    roles.set(role, await join(t, a.holder, [role], role === 'appAdministrator' ? { appIds: [a.app2.appId] } : {}));
  }
  const expired = await join(t, a.holder, ['administrator'], { expiresAt: new Date(t.clock.now().getTime() + 60_000).toISOString() });
  t.clock.advance(61_000);

  const holder = a.holder;
  const fresh: Fresh = {
    user: () => TestUser.register(t, { displayName: 'Matrix fresh' }),
    project: async () => (await ok(await holder.call(projectApi.createProject, { body: { name: `Matrix ${unique()}` } }), 'fresh project')).project.projectId,
    app: async (platform = 'android') =>
      (await ok(await holder.call(appApi.createApp, { body: { projectId: a.projectId, platform, name: `Tipsy ${unique()}`, packageName: `com.matrix.fresh${unique()}`, category: 'app', defaultLanguage: 'enUS' } }), 'fresh app')).app,
    upload: async (bytes = sampleBytes('png', 256), fileName = 'fresh.png', contentType = 'image/png') =>
      (await ok(await holder.call(fileApi.uploadObject, { query: { fileName, contentType }, raw: bytes }), 'fresh upload')).object.objectId,
    member: (roles = ['development']) => join(t, holder, roles),
    invitation: async () => {
      const email = TestUser.uniqueEmail('fresh-invited');
      const invitationId = (await ok(await holder.call(teamApi.createSubUser, { body: { email, roles: ['development'] } }), 'fresh invitation')).invitation.invitationId;
      return { invitationId, email };
    },
    role: async () => (await ok(await holder.call(teamApi.createRole, { body: { name: `Fresh ${unique()}`, permissions: ['app.read'] } }), 'fresh role')).role.key.replace(/^custom:/, ''),
    draft: async () => {
      const app = await fresh.app();
      return { ...app, versionId: (await completeVersion(t, holder, app.appId, 10)).versionId };
    },
    onShelf: async () => {
      const app = await fresh.app();
      await op.login();
      return { ...app, versionId: (await released(t, holder, op, app.appId, 10)).versionId };
    },
    submitted: async () => {
      const d = await fresh.draft();
      await ok(await holder.call(versionApi.submitVersion, { body: { appId: d.appId, versionId: d.versionId } }), 'submit');
      await openTaskOf(t, d.versionId);
      return d;
    },
  };

  const aUsers = [a.holder, a.member, expired, ...roles.values()];
  const secrets = [
    marker,
    a.teamId,
    a.projectId,
    a.app.appId,
    a.app2.appId,
    a.quickApp.appId,
    a.pkgId,
    a.onShelfVersionId,
    a.draftVersionId,
    a.objectId,
    a.roleId,
    a.invitationId,
    a.invitedEmail,
    a.moveTeamId,
    a.moveProjectId,
    ...aUsers.flatMap((u) => [u.userId, u.email]),
  ];
  if (secrets.some((s) => !s)) throw new Error('seed: an id of team A is missing');
  return { t, op, reviewer, a, b, roles, expired, marker, secrets, fresh };
}

/** The secrets of A found in an answer (case-insensitive), minus the ones allowed. */
export function leaked(s: Seed, body: string, allowed: readonly string[] = []): string[] {
  const text = body.toLowerCase();
  return s.secrets.filter((x) => !allowed.includes(x) && text.includes(x.toLowerCase()));
}
