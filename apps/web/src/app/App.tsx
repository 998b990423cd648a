import { useState } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider, type ConfigProviderProps } from 'antd';
import enUS from 'antd/locale/en_US';
import ruRU from 'antd/locale/ru_RU';
import zhCN from 'antd/locale/zh_CN';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { HashRouter, Route, Routes } from 'react-router';
import type { Language } from '../session/language';
import { createI18n } from './i18n';
import { createQueryClient } from './query-client';
import { HomePage } from './pages/HomePage';
import { NotFoundPage } from './pages/NotFoundPage';

const ANTD_LOCALE: Readonly<Record<Language, ConfigProviderProps['locale']>> = { cn: zhCN, en: enUS, ru: ruRU };

export interface AppProps {
  language: Language;
  /** Tests pass their own; the page makes one for its language. */
  i18n?: I18n;
  queryClient?: QueryClient;
}

/** The providers (data, components, strings, routes) around the console's pages. */
export function App({ language, i18n, queryClient }: AppProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [strings] = useState(() => i18n ?? createI18n(language));
  return (
    <I18nextProvider i18n={strings}>
      <QueryClientProvider client={client}>
        <ConfigProvider locale={ANTD_LOCALE[language]}>
          <HashRouter>
            <Routes>
              <Route path="/" element={<HomePage />} />
              <Route path="*" element={<NotFoundPage />} />
            </Routes>
          </HashRouter>
        </ConfigProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
