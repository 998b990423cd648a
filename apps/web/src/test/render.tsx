import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { App } from '../app/App';
import type { Language } from '../session/language';

/** The whole console (providers, hash router, guards) at a route, in a language. */
export function renderApp(language: Language, hash = '#/') {
  window.location.hash = hash;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return { queryClient, ...render(<App language={language} queryClient={queryClient} />) };
}
