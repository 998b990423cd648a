import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A comment this often keeps proxies and balancers from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

/**
 * Opens a server-sent event stream as the answer: `text/event-stream` headers, the
 * client's reconnect delay, a heartbeat comment, an end after `timeoutSeconds` (the client
 * reconnects), and `onClose` called once however it ends (timeout, client gone, server
 * closing). The caller keeps the stream to write its events to.
 */
export function openEventStream(req: FastifyRequest, reply: FastifyReply, o: { timeoutSeconds: number; retryMs: number; onClose: () => void }): PassThrough {
  const stream = new PassThrough();
  const heartbeat = setInterval(() => stream.write(': keep-alive\n\n'), HEARTBEAT_MS);
  const timeout = setTimeout(() => stream.end(), o.timeoutSeconds * 1000);
  heartbeat.unref();
  timeout.unref();
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    clearTimeout(timeout);
    o.onClose();
    stream.end();
  };
  req.raw.on('close', close);
  stream.on('close', close);
  stream.on('finish', close);
  stream.write(`retry: ${o.retryMs}\n\n`);
  reply.header('Cache-Control', 'no-store').header('X-Accel-Buffering', 'no').type('text/event-stream; charset=utf-8');
  void reply.send(stream);
  return stream;
}
