import http from 'node:http';
import type { AddressInfo } from 'node:net';
import httpProxy from 'http-proxy';

export interface Balancer {
  url: string;
  /** Requests each instance has been sent (retries included), by its address. */
  sent: Map<string, number>;
  /** Whether the balancer currently counts the instance as ready. */
  ready(target: string): boolean;
  close(): Promise<void>;
}

/** Requests that may be sent twice: a retry elsewhere cannot do anything twice. */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);
const RETRYABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE']);

/**
 * The small load balancer of the several-instances test and bench: round robin over the
 * instances whose `/readyz` answered 200 at the last check, and an idempotent request whose
 * connection was refused is sent to the next one (what nginx's `proxy_next_upstream error`
 * does). Anything else that fails is answered 502, so the test sees it.
 */
export async function startBalancer(targets: readonly string[], o: { checkEveryMs?: number } = {}): Promise<Balancer> {
  const checkEveryMs = o.checkEveryMs ?? 100;
  const ready = new Map(targets.map((t) => [t, true]));
  const sent = new Map(targets.map((t) => [t, 0]));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const proxy = httpProxy.createProxyServer({ agent, xfwd: true });
  proxy.on('error', () => undefined);
  let turn = 0;

  const next = (skip: ReadonlySet<string>): string | null => {
    const open = targets.filter((t) => ready.get(t) && !skip.has(t));
    if (!open.length) return null;
    turn = (turn + 1) % open.length;
    return open[turn]!;
  };

  const forward = (req: http.IncomingMessage, res: http.ServerResponse, tried: Set<string>) => {
    const target = next(tried);
    if (!target) {
      res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ ret: { code: 503, msg: 'no instance is ready' } }));
      return;
    }
    tried.add(target);
    sent.set(target, sent.get(target)! + 1);
    proxy.web(req, res, { target }, (err: NodeJS.ErrnoException) => {
      const refused = RETRYABLE.has(err.code ?? '');
      if (refused) ready.set(target, false);
      if (refused && IDEMPOTENT.has(req.method ?? '') && !res.headersSent) return forward(req, res, tried);
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ret: { code: 502, msg: `${target}: ${err.code ?? err.message}` } }));
    });
  };

  // A check that could not be made (slow on a loaded machine, or an error) counts only when
  // three in a row fail, as HAProxy's `fall 3` does: one slow `/readyz` on CI's busy cores took
  // every instance out at once and the browser's requests got 503. An answer that says not
  // ready (draining) and a refused connection take the instance out at once.
  const failedChecks = new Map(targets.map((t) => [t, 0]));
  const check = async () => {
    await Promise.all(
      targets.map(async (t) => {
        try {
          const res = await fetch(`${t}/readyz`, { signal: AbortSignal.timeout(1000) });
          await res.arrayBuffer();
          failedChecks.set(t, 0);
          ready.set(t, res.status === 200);
        } catch {
          const failed = failedChecks.get(t)! + 1;
          failedChecks.set(t, failed);
          if (failed >= 3) ready.set(t, false);
        }
      }),
    );
  };
  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    void check().finally(() => (checking = false));
  }, checkEveryMs);

  const server = http.createServer((req, res) => forward(req, res, new Set()));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    ready: (t) => ready.get(t) ?? false,
    close: async () => {
      clearInterval(timer);
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      proxy.close();
      agent.destroy();
    },
  };
}
