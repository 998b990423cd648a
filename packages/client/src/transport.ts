import type { ClientConfig } from './config';
import { WharfError } from './errors';
import { backoffMs, parseRetryAfter, type RetryPolicy } from './retry';

/** One call of a family, as its module describes it. */
export interface WharfCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Under the gateway: `/tas/v1/client/user`. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** An `Authorization` header value to send (the app user's token). */
  authorization?: string;
  /**
   * Safe to send twice: tried again after a lost answer or a busy server. Calls that are
   * not are tried again only when the server refused them unread (429).
   */
  idempotent?: boolean;
  /** The ETag of what the caller holds: a 304 answers `{ notModified: true }`, a 200 adds its `etag`. */
  ifNoneMatch?: string | null;
  /** Not tried again even after a 429 (a refusal the caller handles itself, such as a fetch too soon). */
  noRetry?: boolean;
}

export interface TransportOptions {
  config: ClientConfig;
  fetch: typeof fetch;
  /** `zh`, `ru` or `en`: the language of the server's messages. */
  lang: string;
  retry: RetryPolicy;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  now: () => number;
}

/** The answer's fields beside `ret`. */
export type Answer = Record<string, unknown>;

interface Envelope {
  ret?: { code?: number; msg?: string };
  errors?: { field?: string; message?: string }[];
}

/** Signs each call with the app's key, reads `ret`, and tries again while it is worth it. */
export class Transport {
  constructor(readonly options: TransportOptions) {}

  async request<T = Answer>(call: WharfCall): Promise<T> {
    const { retry, sleep, random } = this.options;
    for (let attempt = 1; ; attempt++) {
      try {
        return (await this.#once(call)) as T;
      } catch (err) {
        const e = err as WharfError;
        const again = !call.noRetry && (e.status === 429 || (call.idempotent === true && e.transient));
        if (!again || attempt >= retry.attempts) throw e;
        await sleep(backoffMs(retry, attempt, random, e.retryAfterMs));
      }
    }
  }

  url(call: Pick<WharfCall, 'path' | 'query'>): string {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(call.query ?? {})) if (v !== undefined) params.set(k, String(v));
    const q = params.toString();
    return `${this.options.config.gateway}${call.path}${q ? `?${q}` : ''}`;
  }

  /** A signed call whose answer the caller reads itself (a stream of events); no retries. */
  async open(call: WharfCall, signal: AbortSignal): Promise<Response> {
    try {
      const headers = this.#headers(call);
      // A stream may be asked for with a body (Cloud DB's live query sends its query).
      const body = call.body === undefined ? {} : { body: JSON.stringify(call.body) };
      if (call.body !== undefined) headers['content-type'] = 'application/json';
      return await this.options.fetch(this.url(call), { method: call.method, headers, signal, ...body });
    } catch (err) {
      throw new WharfError(`The server could not be reached (${(err as Error).message}).`, 'network');
    }
  }

  #headers(call: WharfCall): Record<string, string> {
    const { config, lang } = this.options;
    const headers: Record<string, string> = { client_id: config.clientId, api_key: config.apiKey, 'x-lang': lang };
    if (config.packageName) headers['x-package-name'] = config.packageName;
    if (call.authorization) headers.authorization = call.authorization;
    if (call.ifNoneMatch) headers['if-none-match'] = call.ifNoneMatch;
    return headers;
  }

  async #once(call: WharfCall): Promise<Answer> {
    const headers = this.#headers(call);
    const hasBody = call.method !== 'GET' && call.method !== 'DELETE';
    if (hasBody) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await this.options.fetch(this.url(call), { method: call.method, headers, ...(hasBody ? { body: JSON.stringify(call.body ?? {}) } : {}) });
    } catch (err) {
      throw new WharfError(`The server could not be reached (${(err as Error).message}).`, 'network');
    }
    const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'), this.options.now());
    if (res.status === 304 && call.ifNoneMatch !== undefined) return { notModified: true };
    let body: Envelope & Answer;
    try {
      body = (await res.json()) as Envelope & Answer;
    } catch {
      throw new WharfError(`The server answered ${res.status} without a readable body.`, res.status, res.status, [], retryAfterMs);
    }
    const code = body.ret?.code ?? (res.ok ? 0 : res.status);
    if (res.ok && code === 0) {
      const { ret: _ret, ...fields } = body;
      const etag = res.headers.get('etag');
      return call.ifNoneMatch !== undefined && etag ? { ...fields, etag } : fields;
    }
    throw new WharfError(body.ret?.msg ?? `The server answered ${res.status}.`, code, res.status, body.errors ?? [], retryAfterMs);
  }
}
