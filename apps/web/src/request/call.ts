import type { Endpoint, ResponseOf } from '@wharf/contract';
import { RequestClient, type CallOptions } from './client';

export { ApiError } from './errors';
export type { CallOptions } from './client';
export type { FileAnswer } from './file-response';

let shared: RequestClient | null = null;

/** The page's request client (made on first use). */
export function requestClient(): RequestClient {
  shared ??= new RequestClient();
  return shared;
}

/** Replaces the page's client (tests; the app's start-up wiring). */
export function setRequestClient(client: RequestClient | null): void {
  shared = client;
}

/**
 * The one way the console calls the API: the endpoint object gives method and path
 * (no URL strings anywhere else), the options give typed params, query and body, and the
 * shared client adds credentials, headers, zone routing, refresh and error handling.
 * Resolves with the answer when HTTP is 2xx and `ret.code` is 0; otherwise throws an
 * ApiError (after showing it, unless `silent`).
 */
export function callEndpoint<E extends Endpoint>(endpoint: E, options: CallOptions<E> = {}): Promise<ResponseOf<E>> {
  return requestClient().request(endpoint, options);
}

