/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every `locales/` folder under src (the app's, and each family's
// `features/<family>/locales/`) holds cn.json, en.json and ru.json with the same keys.
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LANGUAGES = ['cn', 'en', 'ru'] as const;

function localeDirs(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    if (entry.name === 'locales') found.push(full);
    else found.push(...localeDirs(full));
  }
  return found;
}

/** Leaf key paths (`home.welcome`) with their values. */
function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) {
      for (const [kk, vv] of flatten(v, prefix ? `${prefix}.${k}` : k)) out.set(kk, vv);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1] ?? '').sort();
}

const CJK = /[\u3400-\u9fff]/;
const CYRILLIC = /[\u0400-\u04ff]/;

const dirs = localeDirs(SRC);

describe('locale files', () => {
  it('are found (the app has its own)', () => {
    expect(dirs.map((d) => path.relative(SRC, d))).toContain(path.join('app', 'locales'));
  });

  describe.each(dirs.map((d) => [path.relative(SRC, d), d] as const))('%s', (_name, dir) => {
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));
    const strings = Object.fromEntries(
      LANGUAGES.map((lang) => {
        const file = path.join(dir, `${lang}.json`);
        const parsed: unknown = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined;
        return [lang, flatten(parsed)];
      }),
    ) as Record<(typeof LANGUAGES)[number], Map<string, unknown>>;

    it('holds exactly cn.json, en.json and ru.json', () => {
      expect(files.sort()).toEqual(['cn.json', 'en.json', 'ru.json']);
    });

    it('has the same keys in all three languages', () => {
      const all = new Set(LANGUAGES.flatMap((lang) => [...strings[lang].keys()]));
      const missing = LANGUAGES.flatMap((lang) =>
        [...all].filter((key) => !strings[lang].has(key)).map((key) => `${lang}.json lacks ${key}`),
      );
      expect(missing).toEqual([]);
    });

    it('has a non-empty string for every key, with the same placeholders', () => {
      const problems: string[] = [];
      for (const [key, enValue] of strings.en) {
        for (const lang of LANGUAGES) {
          const value = strings[lang].get(key);
          if (typeof value !== 'string' || value.trim() === '') {
            problems.push(`${lang}.json ${key} is not a non-empty string`);
          } else if (typeof enValue === 'string' && placeholders(value).join() !== placeholders(enValue).join()) {
            problems.push(`${lang}.json ${key} has placeholders ${placeholders(value).join()}`);
          }
        }
      }
      expect(problems).toEqual([]);
    });

    it('is written in Chinese and Russian, not copied from English', () => {
      // A text may be the same in all three (a product name); otherwise cn must contain
      // Chinese characters and ru Cyrillic ones.
      const problems: string[] = [];
      for (const [key, en] of strings.en) {
        const cn = strings.cn.get(key);
        const ru = strings.ru.get(key);
        if (typeof cn !== 'string' || typeof ru !== 'string') continue;
        if (cn === en && ru === en) continue;
        if (!CJK.test(cn)) problems.push(`cn.json ${key}: ${cn}`);
        if (!CYRILLIC.test(ru)) problems.push(`ru.json ${key}: ${ru}`);
      }
      expect(problems).toEqual([]);
    });
  });
});
