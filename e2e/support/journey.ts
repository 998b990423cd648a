import fs from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Family } from '@wharf/server';
import { launchBrowser } from './browser';
import { SCREENSHOTS_DIR } from './paths';
import { startE2eServer, type E2eServer } from './server';

/**
 * A journey file's Chromium and server: started before its tests (the server with these
 * environment variables), closed after them.
 */
export function journeyEnvironment(env: Record<string, string> = {}, extraFamilies: readonly Family[] = []): { readonly browser: Browser; readonly server: E2eServer } {
  const state: { browser?: Browser; server?: E2eServer } = {};
  beforeAll(async () => {
    // Side by side: Chromium's start (0.5 s) need not wait for the server's (2-4 s).
    const [browser, server] = await Promise.allSettled([launchBrowser(), startE2eServer(env, extraFamilies)]);
    if (browser.status === 'fulfilled') state.browser = browser.value;
    if (server.status === 'fulfilled') state.server = server.value;
    if (browser.status === 'rejected') throw browser.reason;
    if (server.status === 'rejected') throw server.reason;
    fs.mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  });
  afterAll(async () => {
    await state.browser?.close();
    await state.server?.close();
  });
  return filledBySetup(state, ['browser', 'server']);
}

/** What a `beforeAll` fills, as the tests read it: each part throws if the setup did not finish. */
export function filledBySetup<T extends object>(state: Partial<T>, keys: ReadonlyArray<keyof T>): T {
  const parts = {} as T;
  for (const key of keys) {
    Object.defineProperty(parts, key, {
      get() {
        const value = state[key];
        if (value === undefined) throw new Error('setup did not finish');
        return value;
      },
    });
  }
  return parts;
}

/** A locale string with its {{placeholders}} filled, as i18next would. */
export const fill = (text: string, vars: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name]));
