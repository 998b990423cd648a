import { expect } from 'vitest';
import { appApi, fileApi, packageApi, projectApi } from '@wharf/contract';
import type { TestUser } from '../../../harness';

export async function newProject(u: TestUser): Promise<string> {
  return (await u.call(projectApi.createProject, { body: { name: `Packages ${Math.random().toString(36).slice(2, 8)}` } })).json().project.projectId as string;
}

export async function newApp(u: TestUser, projectId: string, platform: string, packageName: string) {
  const res = await u.call(appApi.createApp, { body: { projectId, platform, name: `App ${packageName}`, packageName, category: 'app', defaultLanguage: 'enUS' } });
  expect(res.statusCode).toBe(200);
  return res.json().app as { appId: string; packageName: string };
}

export async function uploadFile(u: TestUser, bytes: Buffer, fileName: string): Promise<string> {
  return (await u.call(fileApi.uploadObject, { query: { fileName }, raw: bytes })).json().object.objectId as string;
}

/** Polls until a package has left the parsing state, then answers it. */
export async function settledPackage(u: TestUser, appId: string, pkgId: string) {
  for (let i = 0; i < 120; i += 1) {
    const p = (await u.call(packageApi.getPackage, { query: { appId, pkgId } })).json().package;
    if (p.parseState !== 1) return p;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('parse did not finish');
}

export async function addParsed(u: TestUser, appId: string, bytes: Buffer, fileName: string) {
  const objectId = await uploadFile(u, bytes, fileName);
  const added = await u.call(packageApi.addPackage, { body: { appId, objectId } });
  expect(added.statusCode).toBe(200);
  return settledPackage(u, appId, added.json().package.pkgId);
}
