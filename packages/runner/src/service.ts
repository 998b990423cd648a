import http from 'node:http';
import type { FunctionCode, HostOutcome, RunnerHost } from './host';
import { filesFromWire, tokenMatches, type WireFiles } from './wire';

/** Bodies a runner service takes: a start carries a function's files (100 MB unpacked at most, base64 for bytes). */
const BODY_LIMIT = 150 * 1024 * 1024;

function readJson(req: http.IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > BODY_LIMIT) {
        reject(new Error('too large'));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch (e) {
        reject(e);
      }
    });
    req.on('error', reject);
  });
}

const send = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/**
 * The runner interface over HTTP, for a runner host on another machine: the server calls
 * `POST /v1/start`, `POST /v1/invoke`, `POST /v1/warm`, `POST /v1/stop`, `GET /v1/runners` and `GET /v1/health` with the shared
 * token (docs/functions-runtime.md, "Runner hosts").
 */
export function runnerService(host: RunnerHost, token: string): http.Server {
  return http.createServer((req, res) => {
    if (!tokenMatches(req.headers.authorization, token)) return send(res, 401, { error: 'the runner token is missing or wrong' });
    const route = `${req.method} ${req.url}`;
    const handle = async (): Promise<void> => {
      if (route === 'GET /v1/health') return send(res, 200, await host.health());
      if (route === 'GET /v1/runners') return send(res, 200, { runners: await host.runners() });
      if (req.method !== 'POST') return send(res, 404, { error: 'no such call' });
      const body = (await readJson(req)) as Record<string, unknown>;
      if (route === 'POST /v1/start') {
        const { files, ...code } = body as unknown as Omit<FunctionCode, 'files'> & { files: WireFiles };
        await host.start({ ...code, files: filesFromWire(files) });
        return send(res, 200, {});
      }
      if (route === 'POST /v1/invoke') {
        const outcome: HostOutcome = await host.invoke(String(body.key), body.event, (body.context ?? {}) as Record<string, unknown>);
        return send(res, 200, outcome);
      }
      if (route === 'POST /v1/warm') return send(res, 200, { held: await host.keepWarm(String(body.key), Number(body.count) || 0) });
      if (route === 'POST /v1/stop') {
        await host.stop(String(body.key));
        return send(res, 200, {});
      }
      return send(res, 404, { error: 'no such call' });
    };
    handle().catch((e: unknown) => send(res, 400, { error: e instanceof Error ? e.message : String(e) }));
  });
}
