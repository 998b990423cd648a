import type { FastifyReply } from 'fastify';
import { STREAMED } from './register';

/**
 * Sends what a caller downloads from the console (an export, a team's document): always
 * as an attachment under its name, never sniffed into something a browser renders, and
 * never kept by a shared cache.
 */
export function sendPrivateFile(reply: FastifyReply, file: { fileName: string; contentType: string; size?: number | null | undefined; body: unknown }): typeof STREAMED {
  reply
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store');
  if (file.size !== undefined && file.size !== null) reply.header('Content-Length', file.size);
  reply.send(file.body);
  return STREAMED;
}
