import type { IncomingMessage, ServerResponse } from 'node:http';
import inject from 'light-my-request';
import type { TestTarget } from './session-client';

const HOP_BY_HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

/**
 * A target over real HTTP (another process, a balancer): the request light-my-request builds
 * is sent with fetch and its answer handed back, so a TestUser and every helper written for
 * apps in this process drive running servers unchanged.
 */
export function remoteTarget(base: string, config: TestTarget['config']): TestTarget {
  const dispatch = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).flatMap(([k, v]) => (HOP_BY_HOP.has(k) || v === undefined ? [] : [[k, String(v)]])));
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      fetch(`${base}${req.url}`, { method: req.method, headers, body, redirect: 'manual' })
        .then(async (answer) => {
          const out: Record<string, string | string[]> = {};
          answer.headers.forEach((v, k) => {
            // fetch has decoded the body already.
            if (!HOP_BY_HOP.has(k) && k !== 'content-encoding' && k !== 'set-cookie') out[k] = v;
          });
          const cookies = answer.headers.getSetCookie();
          if (cookies.length) out['set-cookie'] = cookies;
          const bytes = Buffer.from(await answer.arrayBuffer());
          res.writeHead(answer.status, out).end(bytes);
        })
        .catch((err: Error) => {
          res.writeHead(599, { 'content-type': 'text/plain' }).end(`no answer from ${base}: ${err.message}`);
        });
    });
  };
  return { app: { inject: (opts) => inject(dispatch, opts) }, config };
}
