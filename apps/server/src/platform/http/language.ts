import type { FastifyRequest } from 'fastify';
import { HEADERS, type MessageLanguage } from '@wharf/contract';

const ofTag = (tag: string): MessageLanguage | null => {
  const t = tag.trim().toLowerCase();
  return t.startsWith('zh') ? 'zh' : t.startsWith('ru') ? 'ru' : null;
};

/** A stored text in the caller's language; one stored before it had Russian answers in English. */
export function inLanguage(text: { zh: string; en: string; ru?: string | undefined } | null | undefined, lang: MessageLanguage): string | null {
  return text ? (text[lang] ?? text.en) : null;
}

/** The language of `ret.msg`: the console's header first, then the browser's preference. */
export function messageLanguage(req: FastifyRequest): MessageLanguage {
  const explicit = req.headers[HEADERS.language.toLowerCase()];
  if (typeof explicit === 'string') return ofTag(explicit) ?? 'en';
  const accept = req.headers['accept-language'];
  return (typeof accept === 'string' && ofTag(accept)) || 'en';
}
