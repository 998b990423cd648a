import type { LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { appApi, fileApi, packageApi, projectApi } from '@wharf/contract';
import { sampleBytes, TestUser } from '../../../../harness';
import { buildApk, makeSigner, type TestSigner } from '@wharf/parsers/test-kit';
import { parsedPackage, released } from '../../../../harness/scenarios';
import type { Seed } from '../seed';
import type { Builders } from '../types';

let signer: TestSigner | undefined;
let n = 0;

async function data(res: LightMyRequestResponse, what: string) {
  if (res.statusCode !== 200) throw new Error(`${what}: ${res.body}`);
  return res.json();
}

async function settled<T>(poll: () => Promise<T | null>, what: string): Promise<T> {
  for (let i = 0; i < 900; i += 1) {
    const v = await poll();
    if (v !== null) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not settle`);
}

/**
 * A package name held by a third team's released app with a signed package, and a fresh
 * app of team A with the same signer's package uploaded as proof: what a claim needs.
 */
async function claimable(s: Seed) {
  signer ??= makeSigner('Matrix Owner');
  n += 1;
  const name = `com.matrix.held${process.pid}n${n}${randomBytes(2).toString('hex')}`;
  const apk = buildApk({ manifest: { packageName: name, versionCode: 1, versionName: '1', minSdk: 24, targetSdk: 33 }, v2: [signer] });
  const other = await TestUser.register(s.t, { displayName: 'Matrix third team' });
  const projectId = (await data(await other.call(projectApi.createProject, { body: { name: 'Held' } }), 'project')).project.projectId;
  const held = (await data(await other.call(appApi.createApp, { body: { projectId, platform: 'android', name: `Held ${n}`, packageName: name, category: 'app', defaultLanguage: 'enUS' } }), 'held app')).app;
  const objectId = await upload(other, apk, 'held.apk');
  const pkgId = (await data(await other.call(packageApi.addPackage, { body: { appId: held.appId, objectId } }), 'held package')).package.pkgId;
  await settled(async () => ((await other.call(packageApi.getPackage, { query: { appId: held.appId, pkgId } })).json().package.parseState === 1 ? null : true), 'held parse');
  // Once on shelf, a matching claim waits for a reviewer instead of moving the name at once.
  await s.op.login();
  await released(s.t, other, s.op, held.appId, 10);
  const claimant = await s.fresh.app();
  return { name, appId: claimant.appId, objectId: await upload(s.a.holder, apk, 'proof.apk') };
}

async function upload(u: TestUser, bytes: Buffer, fileName: string): Promise<string> {
  return (await data(await u.call(fileApi.uploadObject, { query: { fileName }, raw: bytes }), 'upload')).object.objectId;
}

/** A claim of team A that a reviewer has to decide. */
async function pendingClaim(s: Seed): Promise<string> {
  const c = await claimable(s);
  const claimId = (await data(await s.a.holder.call(packageApi.startClaim, { body: { appId: c.appId, packageName: c.name, objectId: c.objectId } }), 'claim')).claim.claimId as string;
  const state = await settled(async () => {
    const st = (await s.a.holder.call(packageApi.getClaim, { query: { claimId } })).json().claim.state as string;
    return st === 'verifying' ? null : st;
  }, 'claim verification');
  if (state !== 'pending') throw new Error(`claim is ${state}, not pending`);
  return claimId;
}

/** Packages and package-name claims. */
export function packagesBuilders(): Builders {
  return {
    'package.add': { build: async (s) => ({ body: { appId: (await s.fresh.app()).appId, objectId: await s.fresh.upload(sampleBytes('zip', 512), 'matrix.apk', 'application/vnd.android.package-archive') } }) },
    'package.get': { build: (s) => ({ query: { appId: s.a.app.appId, pkgId: s.a.pkgId } }) },
    'package.state': { build: (s) => ({ query: { appId: s.a.app.appId, pkgId: s.a.pkgId } }) },
    'package.list': { build: (s) => ({ query: { appId: s.a.app.appId, withTotal: 'true', pageSize: 100 } }) },
    'package.processTask': { build: (s) => ({ query: { appId: s.a.app.appId } }) },
    'package.phoneList': { build: (s) => ({ body: { appId: s.a.app.appId, pkgId: s.a.pkgId } }) },
    'package.update': { build: (s) => ({ body: { appId: s.a.app.appId, pkgId: s.a.pkgId, remark: s.marker } }) },
    'package.delete': {
      build: async (s) => {
        const { appId } = await s.fresh.app();
        return { query: { appId, pkgId: (await parsedPackage(s.t, s.a.holder, appId, 1)).pkgId } };
      },
    },
    'package.rpkH5': { build: (s) => ({ body: { appId: s.a.quickApp.appId, url: 'https://matrix.example.com/quick', versionName: '1.0', versionCode: 100 } }) },
    'package.rpkRpks': { build: async (s) => ({ body: { appId: s.a.quickApp.appId, objectId: await s.fresh.upload(randomBytes(512), 'matrix.rpks', 'application/zip') } }) },
    'package.claimCheck': { build: (s) => ({ body: { appId: s.a.app.appId, packageName: s.b.app.packageName } }) },
    'package.claimStart': {
      build: async (s) => {
        const c = await claimable(s);
        return { body: { appId: c.appId, packageName: c.name, objectId: c.objectId } };
      },
    },
    'package.claimGet': { build: async (s) => ({ query: { claimId: await pendingClaim(s) } }) },
    'package.claimWithdraw': { build: async (s) => ({ query: { claimId: await pendingClaim(s) } }) },
    'package.claimDecide': { build: async (s) => ({ body: { claimId: await pendingClaim(s), approve: false, reason: 'Matrix' } }) },
  };
}
