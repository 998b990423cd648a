import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

const GLOSSARY = path.resolve(import.meta.dirname, '../../docs/glossary.md');

/** The terms every site shows in Latin letters: the glossary's "Kept as they are" section. */
export function keptTerms(): Set<string> {
  const text = fs.readFileSync(GLOSSARY, 'utf8');
  const section = text.split(/^## /m).find((s) => s.startsWith('Kept as they are')) ?? '';
  return new Set([...section.matchAll(/`([^`]+)`/g)].map((m) => m[1]!));
}

/**
 * What a page of the Chinese or Russian site shows that a person there should not see: words
 * in Latin letters that are not kept terms (untranslated text), and raw keys such as
 * `audit.action`. Addresses, ids and the person's own data (`own`) are not words.
 */
export async function untranslatedOn(page: Page, own: readonly string[] = []): Promise<{ latin: string[]; keys: string[] }> {
  const kept = keptTerms();
  let text = (await page.locator('body').innerText())
    .replace(/\S+@\S+/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ' ');
  // Kept terms of several parts (a file name, SHA-256) go whole before the text is split into words.
  for (const term of kept) if (/[^A-Za-z0-9]/.test(term)) text = text.split(term).join(' ');
  const keys = [...new Set(text.match(/\b[a-z][a-zA-Z]*\.[a-z][a-zA-Z]*(\.[a-zA-Z]+)*\b/g) ?? [])];
  const words = text.replace(/\b[a-z][a-zA-Z]*\.[a-z][a-zA-Z.]*\b/g, ' ').match(/[A-Za-z][A-Za-z0-9+-]*[A-Za-z0-9]/g) ?? [];
  const latin = [...new Set(words.filter((w) => !kept.has(w) && !own.includes(w)))];
  return { latin, keys };
}
