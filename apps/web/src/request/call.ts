import axios, { type AxiosResponse } from 'axios';
import {
  HEADERS,
  buildPath,
  type BodyOf,
  type Endpoint,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@wharf/contract';
import { languageHeaderOf } from '@wharf/rules';
import { currentLanguage, type Language } from '../session/language';

/** What a call may carry; each part is typed by the endpoint's own schemas. */
export interface CallOptions<E extends Endpoint> {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  signal?: AbortSignal;
  /** Defaults to the page's display language. */
  language?: Language;
  /** The API origin; empty (the default) means this page's origin. */
  baseURL?: string;
}

/**
 * A failed call: `status` is the HTTP status (null when no answer came), `code` and
 * `msg` are the answer's `ret` when it had one. The message is the server's `ret.msg`,
 * else axios's own text ("Request failed with status code 500", "Network Error").
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly endpointId: string,
    readonly status: number | null,
    readonly code: number | null,
    readonly msg: string | null,
  ) {
    super(message);
  }
}

const http = axios.create({
  withCredentials: true,
  headers: { Accept: 'application/json' },
});

interface RetShape {
  ret: { code: number; msg: string };
}

function retOf(data: unknown): RetShape['ret'] | null {
  if (typeof data !== 'object' || data === null || !('ret' in data)) return null;
  const ret = (data as { ret: unknown }).ret;
  if (typeof ret !== 'object' || ret === null) return null;
  const { code, msg } = ret as { code?: unknown; msg?: unknown };
  if (typeof code !== 'number') return null;
  return { code, msg: typeof msg === 'string' ? msg : '' };
}

/**
 * The one way the console calls the API: the endpoint object gives method and path
 * (no URL strings anywhere else), the options give typed params, query and body.
 * Resolves with the answer when HTTP is 2xx and `ret.code` is 0; otherwise throws an
 * ApiError.
 */
export async function callEndpoint<E extends Endpoint>(
  endpoint: E,
  options: CallOptions<E> = {},
): Promise<ResponseOf<E>> {
  const url = buildPath(endpoint, (options.params ?? {}) as Record<string, string | number>);
  const language = options.language ?? currentLanguage();
  let response: AxiosResponse<unknown>;
  try {
    response = await http.request<unknown>({
      method: endpoint.method,
      url,
      baseURL: options.baseURL ?? '',
      params: options.query,
      data: options.body,
      signal: options.signal,
      headers: { [HEADERS.language]: languageHeaderOf(language) },
    });
  } catch (err) {
    if (axios.isAxiosError(err)) {
      const ret = retOf(err.response?.data);
      throw new ApiError(
        ret?.msg || err.message,
        endpoint.id,
        err.response?.status ?? null,
        ret?.code ?? null,
        ret?.msg ?? null,
      );
    }
    throw err;
  }
  const ret = retOf(response.data);
  if (!ret) {
    throw new ApiError('The answer carries no ret', endpoint.id, response.status, null, null);
  }
  if (ret.code !== 0) {
    throw new ApiError(ret.msg || `ret.code ${ret.code}`, endpoint.id, response.status, ret.code, ret.msg);
  }
  return response.data as ResponseOf<E>;
}
