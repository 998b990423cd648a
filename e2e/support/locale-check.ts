import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

const GLOSSARY = path.resolve(import.meta.dirname, '../../docs/glossary.md');
const WEB_SRC = path.resolve(import.meta.dirname, '../../apps/web/src');

/** Every key of the console's English locale files (`nav.home`, `store.title`...), as a missing translation would show it. */
function localeKeys(): Set<string> {
  const files = [path.join(WEB_SRC, 'app/locales/en.json'), ...fs.readdirSync(path.join(WEB_SRC, 'features')).map((f) => path.join(WEB_SRC, 'features', f, 'locales/en.json'))].filter((f) => fs.existsSync(f));
  const keys = new Set<string>();
  const walk = (node: unknown, prefix: string) => {
    if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, prefix ? `${prefix}.${k}` : k);
    else keys.add(prefix);
  };
  for (const file of files) walk(JSON.parse(fs.readFileSync(file, 'utf8')), '');
  return keys;
}
let keysCache: Set<string> | null = null;

/** The terms every site shows in Latin letters: the glossary's "Kept as they are" section. */
export function keptTerms(): Set<string> {
  const text = fs.readFileSync(GLOSSARY, 'utf8');
  const section = text.split(/^## /m).find((s) => s.startsWith('Kept as they are')) ?? '';
  return new Set([...section.matchAll(/`([^`]+)`/g)].map((m) => m[1]!));
}

/**
 * What a page of the Chinese or Russian site shows that a person there should not see: words
 * in Latin letters that are not kept terms (untranslated text), and raw keys such as
 * `audit.action`. Addresses, ids, digests and the person's own data (`own`: texts they typed,
 * names of their apps and files, word by word) are not words.
 */
export async function untranslatedOn(page: Page, own: readonly string[] = []): Promise<{ latin: string[]; keys: string[] }> {
  const kept = keptTerms();
  let text = (await page.locator('body').innerText())
    .replace(/\S+@\S+/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ' ')
    // Digests and certificate fingerprints (hex), file extensions (.apk), versions (v2, v1.0).
    .replace(/\b[0-9a-f]{16,}\b/gi, ' ')
    .replace(/\b[0-9A-F]{2}(:[0-9A-F]{2})+\b/g, ' ')
    .replace(/(^|[\s(])\.[a-z0-9]{2,5}\b/g, ' ')
    .replace(/\bv\d+(\.\d+)*\b/g, ' ')
    // A masked secret's visible end (••••Tfcs).
    .replace(/•+\S*/g, ' ');
  // Kept terms of several parts (a file name, SHA-256) go whole before the text is split into words.
  for (const term of kept) if (/[^A-Za-z0-9]/.test(term)) text = text.split(term).join(' ');
  // A key of the locale files shown as text (a missing translation), not any dotted word: package names are data.
  keysCache ??= localeKeys();
  const known = keysCache;
  const keys = [...new Set(text.match(/\b[a-z][a-zA-Z]*\.[a-z][a-zA-Z]*(\.[a-zA-Z_]+)*\b/g) ?? [])].filter((k) => known.has(k));
  const words = text.replace(/\b[a-z][a-zA-Z]*\.[a-z][a-zA-Z.]*\b/g, ' ').match(/[A-Za-z][A-Za-z0-9+-]*[A-Za-z0-9]/g) ?? [];
  // Word by word, and the parts of a name such as tipsy-release.apk, which the text may split.
  const mine = new Set(own.flatMap((o) => [...(o.match(/[A-Za-z][A-Za-z0-9+-]*[A-Za-z0-9]/g) ?? []), ...(o.match(/[A-Za-z][A-Za-z0-9]*/g) ?? [])]));
  const latin = [...new Set(words.filter((w) => !kept.has(w) && !mine.has(w)))];
  return { latin, keys };
}
