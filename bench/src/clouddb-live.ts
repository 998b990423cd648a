import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** The n-th fraction of sorted samples. */
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/**
 * Live-query delivery: `subscribers` streams of one query, then `writes` writes that each
 * change its result, one after another; each subscriber's delay from the write's start to
 * its snapshot is a sample. Target: p99 under 100 ms for 1,000 subscribers.
 */
export async function liveDelivery(o: { listenUrl: string; upsertUrl: string; headers: Record<string, string>; subscribers: number; writes: number }): Promise<{ line: string; met: boolean }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const received: number[][] = Array.from({ length: o.subscribers }, () => []);
  const requests: http.ClientRequest[] = [];
  const body = JSON.stringify({ where: [{ field: 'category', op: 'equalTo', value: 'live' }], orderBy: [{ field: 'id', direction: 'desc' }], limit: 10, timeoutSeconds: 900 });
  await Promise.all(
    received.map(
      (times) =>
        new Promise<void>((resolve, reject) => {
          const req = http.request(o.listenUrl, { method: 'POST', agent, headers: { ...o.headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
            if (res.statusCode !== 200) return reject(new Error(`live query: ${res.statusCode}`));
            let buffer = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              buffer += chunk;
              let end = buffer.indexOf('\n\n');
              while (end >= 0) {
                if (buffer.slice(0, end).startsWith('event: snapshot')) {
                  times.push(performance.now());
                  if (times.length === 1) resolve();
                }
                buffer = buffer.slice(end + 2);
                end = buffer.indexOf('\n\n');
              }
            });
          });
          req.on('error', reject);
          req.end(body);
          requests.push(req);
        }),
    ),
  );
  const samples: number[] = [];
  for (let k = 1; k <= o.writes; k += 1) {
    const started = performance.now();
    const res = await fetch(o.upsertUrl, { method: 'POST', headers: o.headers, body: JSON.stringify({ objects: [{ id: 1_000_000 + k, name: `live ${k}`, price: k, category: 'live' }] }) });
    if (!res.ok) throw new Error(`live write: ${res.status} ${await res.text()}`);
    const deadline = performance.now() + 5000;
    while (received.some((t) => t.length < k + 1) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 2));
    for (const t of received) samples.push((t[k] ?? Infinity) - started);
  }
  for (const r of requests) r.destroy();
  agent.destroy();
  const sorted = samples.sort((a, b) => a - b);
  const p50 = quantile(sorted, 0.5);
  const p99 = quantile(sorted, 0.99);
  const met = p99 < 100;
  return {
    met,
    line: `Cloud DB live query: ${o.subscribers.toLocaleString('en')} subscribers, ${o.writes} writes: delivery from the write's start p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (target p99 <100 ms ${met ? 'met' : 'MISSED'})`,
  };
}
