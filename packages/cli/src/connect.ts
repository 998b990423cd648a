import { importPKCS8, SignJWT } from 'jose';
import type { Credentials } from './credentials';
import { CliError, EXIT } from './errors';

type Json = Record<string, unknown> & { ret?: { code: number; msg: string } };

/** AppGallery Connect's audience for service-account JWTs, which Wharf accepts as well. */
const AGC_AUDIENCE = 'https://oauth-login.cloud.huawei.com/oauth2/v3/token';

/**
 * The Connect API as AppGallery Connect documents it: a bearer token (an API client's, or a
 * JWT the service account signs itself), `ret.code` 0 for success, refusals as CliErrors
 * carrying the server's readable `ret.msg`.
 */
export class ConnectApi {
  #token: { value: string; until: number } | null = null;

  constructor(
    readonly credentials: Credentials,
    private readonly fetchFn: typeof fetch = fetch,
  ) {}

  get base(): string {
    return this.credentials.url.replace(/\/+$/, '');
  }

  async #bearer(): Promise<Record<string, string>> {
    const now = Date.now();
    if (!this.#token || this.#token.until <= now) this.#token = await this.#newToken(now);
    const { clientId } = this.credentials;
    return { authorization: `Bearer ${this.#token.value}`, ...(clientId ? { client_id: clientId } : {}) };
  }

  async #newToken(now: number): Promise<{ value: string; until: number }> {
    const { keyFile, clientId, clientSecret } = this.credentials;
    if (keyFile) {
      const iat = Math.floor(now / 1000);
      const key = await importPKCS8(keyFile.private_key, 'PS256').catch(() => {
        throw new CliError('The key file holds no RSA private key in PKCS #8', EXIT.usage);
      });
      const value = await new SignJWT({}).setProtectedHeader({ alg: 'PS256', kid: keyFile.key_id, typ: 'JWT' }).setIssuer(keyFile.sub_account).setAudience(AGC_AUDIENCE).setIssuedAt(iat).setExpirationTime(iat + 3600).sign(key);
      return { value, until: now + 3_000_000 };
    }
    const answer = await this.#send('POST', `${this.base}/api/oauth2/v1/token`, {}, { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret });
    const value = answer.access_token;
    if (typeof value !== 'string') throw new CliError('The token call answered no access_token', EXIT.unreachable);
    return { value, until: now + (Number(answer.expires_in) - 300) * 1000 };
  }

  /** Who the credentials are (the API permission service's brief client info): `wharf login` checks them with it. */
  async whoAmI(): Promise<Json> {
    return this.#send('GET', `${this.base}/agc/edge/aps/api-permission-service/v1/cp/client/info/brief`, await this.#bearer());
  }

  /** A Publishing API call (`/api/publish/v2` + path), or another Connect API call by its full path (`/api/...`). */
  async call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, query: Record<string, string | number | undefined> = {}, body?: unknown): Promise<Json> {
    const qs = new URLSearchParams(Object.entries(query).flatMap(([k, v]): Array<[string, string]> => (v === undefined ? [] : [[k, String(v)]])));
    const url = `${this.base}${path.startsWith('/api/') ? '' : '/api/publish/v2'}${path}${qs.size ? `?${qs}` : ''}`;
    return this.#send(method, url, await this.#bearer(), body);
  }

  async #send(method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<Json> {
    let res: Response;
    try {
      res = await this.fetchFn(url, { method, headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    } catch (err) {
      throw new CliError(`Cannot reach ${this.base}: ${(err as Error).message}`, EXIT.unreachable);
    }
    let json: Json;
    try {
      json = (await res.json()) as Json;
    } catch {
      throw new CliError(`${url} answered ${res.status} without JSON: is ${this.base} a Wharf deployment?`, EXIT.unreachable);
    }
    if (json.ret && json.ret.code !== 0) throw new CliError(json.ret.msg, EXIT.refused, json.ret.code);
    if (!res.ok) throw new CliError(`${url} answered ${res.status}`, EXIT.unreachable);
    return json;
  }
}
