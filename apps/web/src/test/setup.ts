import * as React from 'react';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { callEndpoint } from './call-mock';
import { loadECharts } from './chart-mock';
import { listenEndpoint } from './live-mock';
import { forgetLanguage } from '../session/language';
import { LANGUAGES, loadLanguage } from '../app/i18n';

// Page tests answer the request layer's one door (call-mock.ts), hold no live streams
// (live-mock.ts), type into a text area for the code editor (code-editor-mock.tsx) and
// give charts a fake ECharts (chart-mock.ts); between tests the door and
// the charts go to the real modules again. Mocked here,
// once, rather than per file: the project shares its loaded modules between files.
// The setup runs again for every file, but a mock's factory only for the first file that
// imports the module: the real functions are kept on globalThis, or later files of the same
// worker would reset the mocks to answer nothing.
const real = vi.hoisted(() => {
  const g = globalThis as { __wharfRealModules?: { callEndpoint: unknown; loadECharts: unknown } };
  return (g.__wharfRealModules ??= { callEndpoint: undefined, loadECharts: undefined });
});
vi.mock(import('../request/call'), async (original) => {
  const module = await original();
  real.callEndpoint = module.callEndpoint;
  callEndpoint.mockImplementation(module.callEndpoint);
  return { ...module, callEndpoint: callEndpoint as unknown as typeof module.callEndpoint };
});
vi.mock(import('../request/live'), async (original) => ({ ...(await original()), listenEndpoint: listenEndpoint as never }));
vi.mock(import('../ui/code-editor/editor'), async () => await import('./code-editor-mock'));
vi.mock(import('../ui/chart/load'), async (original) => {
  const module = await original();
  real.loadECharts = module.loadECharts;
  loadECharts.mockImplementation(module.loadECharts);
  return { ...module, loadECharts: loadECharts as unknown as typeof module.loadECharts };
});

// Every language's strings at hand, as a page has its own once loaded: tests make their
// i18next instances synchronously, in any language (app/i18n.ts).
await Promise.all(LANGUAGES.map(loadLanguage));

// React's development build records where every element was created (an Error, so a
// stack trace, for up to 10,000 elements a second) to name the owner in its warnings. In
// page tests that was a fifth of the CPU (antd makes many elements). Held at its limit,
// it records none; warnings still name the component, without that stack.
const reactInternals = (React as unknown as Record<string, Record<string, unknown> | undefined>).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (reactInternals && 'recentlyCreatedOwnerStacks' in reactInternals) {
  Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', { configurable: true, get: () => 10_000, set: () => undefined });
}

// Pages render antd in jsdom, which is slow on a busy machine: wait up to 10 s for them.
configure({ asyncUtilTimeout: 10_000 });

// antd reads media queries (responsive grid, Descriptions); jsdom has no matchMedia.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// antd's horizontal menu and tables watch their size; jsdom has no ResizeObserver.
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
}

// jsdom does not implement getComputedStyle for pseudo-elements (antd measures the
// scrollbar with one) and logs "Not implemented" for every call; answer for the element.
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyle(element);

afterEach(() => {
  cleanup();
  callEndpoint.mockReset();
  if (real.callEndpoint) callEndpoint.mockImplementation(real.callEndpoint as never);
  listenEndpoint.mockClear();
  loadECharts.mockReset();
  if (real.loadECharts) loadECharts.mockImplementation(real.loadECharts as never);
  // Files share their worker's modules: a language one test chose must not be the next file's.
  forgetLanguage();
  // ...nor what a page kept in the browser (the app last worked in, drafts).
  localStorage.clear();
});
