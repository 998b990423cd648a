import { WharfError } from '@wharf/client';
import type { ZoneOp, ZoneTransport } from './zone';
import { CloudZone } from './zone';

export interface AdminOptions {
  /** Where the Wharf console answers, e.g. `https://wharf.example.com`. */
  url: string;
  /** An administrator API client of the project's team (Users and permissions → API keys). */
  clientId: string;
  clientSecret: string;
  projectId: string;
  fetch?: typeof fetch;
}

type Answer = Record<string, unknown> & { ret?: { code: number; msg: string } };
const API_CLIENT_INVALID = 100412;

/**
 * The server SDK's transport: Connect API calls with the API client's bearer token, taken
 * with the client credentials grant and taken again when it expires or is refused.
 */
function adminTransport(o: AdminOptions): ZoneTransport {
  const base = o.url.replace(/\/+$/, '');
  const fetchFn = o.fetch ?? fetch;
  let token: { value: string; until: number } | null = null;

  async function send(url: string, body: unknown, headers: Record<string, string>): Promise<Answer> {
    let res: Response;
    try {
      res = await fetchFn(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    } catch (e) {
      throw new WharfError(e instanceof Error ? e.message : String(e), 'network');
    }
    const answer = (await res.json().catch(() => ({}))) as Answer;
    const code = answer.ret?.code ?? (res.ok ? 0 : res.status);
    if (!res.ok || code !== 0) throw new WharfError(answer.ret?.msg ?? `HTTP ${res.status}`, code, res.status);
    return answer;
  }

  async function bearer(): Promise<Record<string, string>> {
    if (!token || token.until <= Date.now()) {
      const got = await send(`${base}/api/oauth2/v1/token`, { grant_type: 'client_credentials', client_id: o.clientId, client_secret: o.clientSecret }, {});
      token = { value: String(got.access_token), until: Date.now() + (Number(got.expires_in) - 60) * 1000 };
    }
    return { authorization: `Bearer ${token.value}`, client_id: o.clientId };
  }

  async function call<T>(path: string, body: unknown): Promise<T> {
    const url = `${base}/api/clouddb/v1/projects/${encodeURIComponent(o.projectId)}${path}`;
    try {
      return (await send(url, body, await bearer())) as T;
    } catch (e) {
      // A token revoked or expired early (the secret was reset): take a new one, once.
      if (!(e instanceof WharfError) || e.code !== API_CLIENT_INVALID) throw e;
      token = null;
      return (await send(url, body, await bearer())) as T;
    }
  }

  const at = (zone: string, type: string, op: ZoneOp) => `/zones/${encodeURIComponent(zone)}/objectTypes/${encodeURIComponent(type)}/${op}`;
  return {
    call: (op, zone, type, body) => call(at(zone, type, op), body),
    commit: (zone, body) => call(`/zones/${encodeURIComponent(zone)}/commit`, body),
  };
}

/**
 * A project's Cloud DB from a server or a cloud function, as the project itself
 * (AppGallery Connect's Cloud DB Server SDK): the Administrator role's rights, no security
 * rules, every write in the team's audit log. The same zones, queries and transactions as
 * on devices; no live queries.
 */
export class CloudDBAdmin {
  readonly #io: ZoneTransport;

  constructor(options: AdminOptions) {
    this.#io = adminTransport(options);
  }

  zone(name: string): CloudZone {
    return new CloudZone(this.#io, name);
  }
}

export const getCloudDBAdmin = (options: AdminOptions): CloudDBAdmin => new CloudDBAdmin(options);
