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
  const accepted = typeof req.headers['accept-language'] === 'string' ? ofTag(req.headers['accept-language']) : null;
  if (typeof explicit !== 'string') return accepted ?? 'en';
  // The console sends zh for cn and en for the other two sites (as the specification has
  // it) with its site's Accept-Language; an app's SDK may send ru itself.
  return ofTag(explicit) ?? (accepted === 'ru' ? 'ru' : 'en');
}
