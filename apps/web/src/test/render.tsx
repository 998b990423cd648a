import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createCache, StyleProvider } from '@ant-design/cssinjs';
import { QueryClient } from '@tanstack/react-query';
import { App } from '../app/App';
import type { Language } from '../session/language';

/*
 * antd's styles are computed but not put into the page: in jsdom every <style> antd adds
 * is parsed again and walked on each lookup and each getComputedStyle, which made up most
 * of a page test's time. Tests read text, roles and attributes, never the cascade. One
 * cache per test file, so each component's styles are computed once.
 */
const styles = createCache();

/** antd without its style elements; see above. */
export function WithoutStyles({ children }: { children: ReactNode }) {
  return (
    <StyleProvider mock="server" cache={styles}>
      {children}
    </StyleProvider>
  );
}

/** The whole console (providers, hash router, guards) at a route, in a language. */
export function renderApp(language: Language, hash = '#/') {
  window.location.hash = hash;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return { queryClient, ...render(<App language={language} queryClient={queryClient} />, { wrapper: WithoutStyles }) };
}
