import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startBalancer, type Balancer } from '../balancer';

const open: Array<{ close(): unknown }> = [];
afterEach(async () => {
  for (const o of open.splice(0)) await o.close();
});

/** An instance whose `/readyz` answers as `readyz()` says: a status, or never (a check that times out). */
async function instance(readyz: () => number | 'hang'): Promise<string> {
  const server = http.createServer((req, res) => {
    if (req.url === '/readyz') {
      const answer = readyz();
      if (answer !== 'hang') res.writeHead(answer).end();
      return;
    }
    res.end('ok');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  open.push({
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the test's balancer", () => {
  it('keeps an instance whose readiness check was slow once, and takes out one that says it is not ready at once', async () => {
    let slow = true;
    let draining = false;
    const a = await instance(() => (slow ? 'hang' : 200));
    const b = await instance(() => (draining ? 503 : 200));
    const balancer: Balancer = await startBalancer([a, b], { checkEveryMs: 50 });
    open.push(balancer);
    // The first check of a times out after 1 s; a second is under way and slow too.
    await settle(1_400);
    expect(balancer.ready(a)).toBe(true);
    slow = false;
    await settle(1_000);
    expect(balancer.ready(a)).toBe(true);
    expect((await fetch(`${balancer.url}/x`)).status).toBe(200);
    draining = true;
    await settle(200);
    expect(balancer.ready(b)).toBe(false);
    expect(balancer.ready(a)).toBe(true);
  });
});
