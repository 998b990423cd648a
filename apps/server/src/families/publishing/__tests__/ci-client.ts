import { createHash } from 'node:crypto';
import { apiClientsApi } from '@wharf/contract';
import type { TestApp, TestUser } from '../../../harness';

/** AppGallery Connect's way of writing a time: no colon in the offset. */
export const agcTime = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, '+0000');

/**
 * A CI job's HTTP client that speaks only the documented Connect API (paths and fields as
 * AppGallery Connect's clients send them), not the server's contract objects: what passes
 * here passes for the Gradle and fastlane plugins built on the same calls.
 */
export class CiClient {
  token = '';

  constructor(
    private readonly t: TestApp,
    readonly clientId: string,
    private readonly secret: string,
  ) {}

  /** A new API client of the user's team with this role, signed in. */
  static async of(t: TestApp, who: TestUser, role: 'publishing' | 'reports' | 'administrator', projectId: string | null = null): Promise<CiClient> {
    const made = (await who.call(apiClientsApi.createApiClient, { body: { name: `CI ${role} ${Math.random().toString(36).slice(2, 9)}`, role, projectId } })).json();
    const client = new CiClient(t, made.client.clientId, made.clientSecret);
    await client.login();
    return client;
  }

  async login(): Promise<void> {
    const res = await this.t.app.inject({ method: 'POST', url: '/api/oauth2/v1/token', payload: { grant_type: 'client_credentials', client_id: this.clientId, client_secret: this.secret } });
    this.token = res.json().access_token as string;
  }

  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, query: Record<string, string | number> = {}, body?: unknown) {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
    return this.t.app.inject({
      method,
      // The Publishing API's paths are short; the others (project-service) are written in full.
      url: `${path.startsWith('/api/') ? '' : '/api/publish/v2'}${path}${qs ? `?${qs}` : ''}`,
      headers: { authorization: `Bearer ${this.token}`, client_id: this.clientId, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  }

  /** upload-url/for-obs, then the PUT of the raw bytes with the answered headers only. */
  async upload(appId: string, fileName: string, bytes: Buffer, sha256 = createHash('sha256').update(bytes).digest('hex')) {
    const got = await this.call('GET', '/upload-url/for-obs', { appId, fileName, contentLength: bytes.length, sha256 });
    const { urlInfo } = got.json() as { urlInfo: { objectId: string; url: string; method: 'PUT'; headers: Record<string, string> } };
    const url = new URL(urlInfo.url);
    const put = await this.t.app.inject({ method: urlInfo.method, url: `${url.pathname}${url.search}`, headers: urlInfo.headers, payload: bytes });
    return { urlInfo, put };
  }

  /** Polls package/compile/status as the plugins do (v2's, or `path`), until the package is no longer parsing. */
  async compiled(appId: string, pkgId: string, path = '/package/compile/status'): Promise<{ successStatus: number; failureReason?: string }> {
    for (let i = 0; i < 120; i += 1) {
      const res = await this.call('GET', path, { appId, pkgIds: pkgId });
      const state = (res.json() as { pkgStateList: Array<{ successStatus: number; failureReason?: string }> }).pkgStateList[0]!;
      if (state.successStatus !== 1) return state;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('the package was not parsed');
  }
}
