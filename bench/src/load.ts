import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface LoadOptions {
  name: string;
  url: string;
  connections: number;
  durationSec: number;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST' | 'PUT';
  body?: string;
  /** A path per request (e.g. another device ID each time) instead of the URL's one. */
  pathOf?: (n: number) => string;
  /** A body per request (e.g. events with IDs of their own) instead of `body`. */
  bodyOf?: (n: number) => string;
  /** Statuses that count as answered (a 304 path counts its 304s); default 2xx only. */
  expectStatus?: number;
  /** A burst of exactly this many requests, as fast as they are answered, instead of a time. */
  amount?: number;
}

export async function load(o: LoadOptions): Promise<LoadResult> {
  let sent = 0;
  const r = await autocannon({
    url: o.url,
    connections: o.connections,
    duration: o.durationSec,
    ...(o.amount ? { amount: o.amount } : {}),
    method: o.method ?? 'GET',
    ...(o.headers ? { headers: o.headers } : {}),
    ...(o.body ? { body: o.body } : {}),
    ...(o.pathOf || o.bodyOf
      ? {
          requests: [
            {
              setupRequest: (req: autocannon.Request) => {
                sent += 1;
                return { ...req, ...(o.pathOf ? { path: o.pathOf(sent) } : {}), ...(o.bodyOf ? { body: o.bodyOf(sent) } : {}) };
              },
            },
          ],
        }
      : {}),
  });
  const expected = o.expectStatus ? (r.statusCodeStats as Record<string, { count: number }> | undefined)?.[String(o.expectStatus)]?.count ?? 0 : 0;
  return {
    name: o.name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx - expected,
  };
}

/** Warms the JIT and the connection pool so the first measurement is not a cold start. */
export async function warm(url: string, durationSec = 2): Promise<void> {
  await autocannon({ url, connections: 10, duration: durationSec });
}
