import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { authApi, buildPath, type Endpoint } from '@wharf/contract';
import type { Config } from '../config';

/** What a test person talks to: an app in this process, or instances over HTTP (remote.ts). */
export interface TestTarget {
  app: { inject(opts: InjectOptions): Promise<LightMyRequestResponse> };
  config: Pick<Config, 'csrfHeaderName'>;
}

export interface CallOptions {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  /** Override the team header; null sends none. */
  teamId?: string | null;
  /** Override the CSRF header; null sends none. */
  csrf?: string | null;
  headers?: Record<string, string>;
  /** A raw body, sent as application/octet-stream (uploads). */
  raw?: Buffer;
  /** Answer once the headers are there, the body as `res.stream()` (a server-sent event stream never ends by itself). */
  asStream?: boolean;
}

let counter = 0;

/**
 * A signed-in person for API tests: keeps the cookies the server sets and sends the team
 * and CSRF headers the console would.
 */
export class TestUser {
  readonly cookies = new Map<string, string>();
  csrf = '';
  teamId = '';
  userId = '';

  constructor(
    readonly t: TestTarget,
    readonly email: string,
    readonly password: string,
  ) {}

  static uniqueEmail(prefix = 'dev'): string {
    counter += 1;
    return `${prefix}-${process.pid}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  }

  static async register(t: TestTarget, over: Partial<{ email: string; password: string; displayName: string; countryCode: string; zone: string }> = {}): Promise<TestUser> {
    const email = over.email ?? TestUser.uniqueEmail();
    const password = over.password ?? 'correct horse battery';
    const u = new TestUser(t, email, password);
    const res = await u.call(authApi.register, { body: { email, password, displayName: over.displayName ?? 'Dev', ...over } });
    if (res.statusCode !== 200) throw new Error(`register failed: ${res.body}`);
    u.absorb(res);
    await u.whoAmI();
    return u;
  }

  async login(): Promise<LightMyRequestResponse> {
    const res = await this.call(authApi.login, { body: { email: this.email, password: this.password } });
    if (res.statusCode === 200) this.absorb(res);
    return res;
  }

  /** Takes the session facts from a sign-in, sign-up, refresh or team-switch answer. */
  absorb(res: LightMyRequestResponse): void {
    const body = res.json() as { csrfToken?: string; teamId?: string; userInfo?: { csrftoken: string } };
    if (body.csrfToken) this.csrf = body.csrfToken;
    if (body.teamId !== undefined) this.teamId = body.teamId;
  }

  /** The same signed-in person talking to another target (another instance). */
  on(target: TestTarget): TestUser {
    const other = new TestUser(target, this.email, this.password);
    for (const [k, v] of this.cookies) other.cookies.set(k, v);
    Object.assign(other, { csrf: this.csrf, teamId: this.teamId, userId: this.userId });
    return other;
  }

  /** Fills userId from the user-info call. */
  async whoAmI(): Promise<string> {
    const res = await this.call(authApi.userInfo);
    this.userId = (res.json() as { userId: string }).userId;
    return this.userId;
  }

  /** The headers a browser of this person sends on a plain GET (its cookies and team), for calls over a real socket. */
  get socketHeaders(): Record<string, string> {
    const headers: Record<string, string> = { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (this.teamId) headers.teamId = this.teamId;
    return headers;
  }

  async call(endpoint: Endpoint, o: CallOptions = {}): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...o.headers };
    const teamId = o.teamId === undefined ? this.teamId : o.teamId;
    if (teamId) headers.teamId = teamId;
    const csrf = o.csrf === undefined ? this.csrf : o.csrf;
    if (csrf) headers[this.t.config.csrfHeaderName] = csrf;
    const query = o.query ? Object.fromEntries(Object.entries(o.query).map(([k, v]) => [k, String(v)])) : undefined;
    const res = await this.t.app.inject({
      method: endpoint.method,
      url: buildPath(endpoint, o.params),
      ...(query ? { query } : {}),
      headers,
      cookies: Object.fromEntries(this.cookies),
      ...(o.body !== undefined ? { payload: o.body as object } : {}),
      ...(o.raw ? { payload: o.raw, headers: { ...headers, 'content-type': 'application/octet-stream' } } : {}),
      ...(o.asStream ? { payloadAsStream: true } : {}),
    });
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const cleared = c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now());
      if (cleared || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }
}
