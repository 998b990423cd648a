import { fileApi, hostingApi as api, projectApi } from '@wharf/contract';
import { buildZip, type ZipEntrySpec } from '@wharf/parsers/test-kit';
import type { TestApp, TestUser } from '../../../harness';

let n = 0;

/** A project with a site of a fresh name. */
export async function siteOf(u: TestUser): Promise<{ projectId: string; site: string }> {
  n += 1;
  const projectId = (await u.call(projectApi.createProject, { body: { name: `Hosting ${n}` } })).json().project.projectId as string;
  const site = `site-${process.pid}-${n}`;
  const made = await u.call(api.createSite, { query: { projectId }, body: { name: site } });
  if (made.statusCode !== 200) throw new Error(made.body);
  return { projectId, site };
}

/** Uploads a zip of the entries with the file service and deploys it; the answer as it came. */
export async function deploy(u: TestUser, s: { projectId: string; site: string }, entries: ZipEntrySpec[] | Buffer, channel?: string, note = '') {
  const zip = Buffer.isBuffer(entries) ? entries : buildZip(entries.map((e) => ({ method: 'deflate', ...e })));
  const file = (await u.call(fileApi.uploadObject, { query: { fileName: 'site.zip', contentType: 'application/zip', bizTag: 'file' }, raw: zip })).json().object as { objectId: string };
  return u.call(api.deployZip, { query: s, body: { objectId: file.objectId, note, ...(channel ? { channel } : {}) } });
}

/** A GET of a site's path on the user-content origin. */
export const visit = (t: TestApp, path: string, headers: Record<string, string> = {}) => t.deps.userContent.app.inject({ url: path, headers });
