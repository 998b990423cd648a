import type { FastifyRequest } from 'fastify';
import { HEADERS, type MessageLanguage } from '@wharf/contract';

/** The language of `ret.msg`: the console's header first, then the browser's preference. */
export function messageLanguage(req: FastifyRequest): MessageLanguage {
  const explicit = req.headers[HEADERS.language.toLowerCase()];
  if (typeof explicit === 'string') return explicit.toLowerCase().startsWith('zh') ? 'zh' : 'en';
  const accept = req.headers['accept-language'];
  if (typeof accept === 'string' && accept.toLowerCase().startsWith('zh')) return 'zh';
  return 'en';
}
