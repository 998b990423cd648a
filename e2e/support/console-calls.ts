import type { BrowserContext, Page } from 'playwright-core';
import { agreementApi, buildPath, fileApi, packageApi, versionApi, type Endpoint } from '@wharf/contract';
import { ICON_PNG, SCREENSHOT_PNG } from '../../apps/server/src/harness/sample-bytes';
import { cookieOf } from './console';

/** A call's answer: its fields are read as the test knows them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many calls, read field by field
type Body = Record<string, any>;
type Answer = { status: number; body: Body };

/**
 * One of the console's own calls from a signed-in page, with the session cookie and the
 * CSRF and team headers its request layer sends: for a journey's setup that another journey
 * already clicks through (a first release is the versions journey).
 */
export async function consoleCall(page: Page, context: BrowserContext, endpoint: Pick<Endpoint, 'fullPath' | 'method'>, o: { query?: Record<string, string>; body?: unknown; bytes?: Buffer } = {}): Promise<Answer> {
  const csrf = await cookieOf(context, 'agc_csrfToken');
  const teamId = await cookieOf(context, 'agc_team_id');
  const path = `${buildPath(endpoint)}${o.query ? `?${new URLSearchParams(o.query)}` : ''}`;
  return page.evaluate(
    async ({ path, method, csrf, teamId, json, bytes }) => {
      const res = await fetch(path, {
        method,
        credentials: 'include',
        headers: { 'Content-Type': bytes ? 'application/octet-stream' : 'application/json', 'X-CSRF-Token': csrf, teamId, 'X-Lang': 'en' },
        ...(bytes ? { body: new Uint8Array(bytes) } : json !== undefined ? { body: json } : {}),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    { path, method: endpoint.method, csrf, teamId, json: o.body === undefined ? undefined : JSON.stringify(o.body), bytes: o.bytes ? [...o.bytes] : undefined },
  );
}

async function ok(answer: Promise<Answer>, what: string): Promise<Body> {
  const { status, body } = await answer;
  if (status !== 200) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * Makes the app's first version from its one parsed package with a complete English listing
 * and submits it, as the developer would in the version editor: what remains is the review.
 */
export async function submitFirstVersion(page: Page, context: BrowserContext, appId: string): Promise<string> {
  const check = await ok(consoleCall(page, context, agreementApi.agreementCheck, { body: { appId } }), 'agreements');
  for (const a of check.missing as Array<{ agreementId: string; version: string }>) {
    await ok(consoleCall(page, context, agreementApi.signAgreement, { body: { agreementId: a.agreementId, version: a.version } }), 'sign');
  }
  const versionId = (await ok(consoleCall(page, context, versionApi.createVersion, { body: { appId } }), 'version')).version.versionId as string;
  const pkgId = (await ok(consoleCall(page, context, packageApi.packageList, { query: { appId } }), 'packages')).items[0].pkgId as string;
  const image = async (name: string) => (await ok(consoleCall(page, context, fileApi.uploadObject, { query: { fileName: name, contentType: 'image/png' }, bytes: name === 'icon.png' ? ICON_PNG : SCREENSHOT_PNG }), name)).object.objectId as string;
  const listing = { language: 'enUS', name: 'Cider', brief: 'Cider for everyone', description: 'Pressed apples, counted.', newFeatures: 'First release', iconObjectId: await image('icon.png'), screenshotObjectIds: [await image('1.png'), await image('2.png'), await image('3.png')] };
  await ok(consoleCall(page, context, versionApi.updateVersion, { body: { appId, versionId, pkgId, countries: ['DE', 'CN'], ageRating: '12+', listings: [listing] } }), 'update');
  await ok(consoleCall(page, context, versionApi.submitVersion, { body: { appId, versionId } }), 'submit');
  return versionId;
}
