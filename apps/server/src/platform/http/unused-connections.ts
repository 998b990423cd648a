import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * At shutdown, ends the connections that never carried a request. Browsers and HTTP
 * clients open such connections ahead of need; Node's `closeIdleConnections` does not count
 * them as idle, so closing waited for `headersTimeout` (a minute) before they went. One
 * whose first request is still arriving goes too: the server no longer answers by then.
 */
export function endUnusedConnectionsOnClose(app: FastifyInstance): void {
  const unused = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  app.server.on('request', (req: IncomingMessage) => unused.delete(req.socket));
  app.addHook('preClose', (done) => {
    for (const socket of unused) socket.destroy();
    unused.clear();
    done();
  });
}
