import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, type ConfigProviderProps } from 'antd';
import enUS from 'antd/locale/en_US';
import ruRU from 'antd/locale/ru_RU';
import zhCN from 'antd/locale/zh_CN';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { HashRouter, Route, Routes } from 'react-router';
import type { Language } from '../session/language';
import type { BehaviourReporter } from '../report/behaviour';
import { ForgotPasswordPage } from '../features/accounts/pages/ForgotPasswordPage';
import { InvitationPage } from '../features/accounts/pages/InvitationPage';
import { ResetPasswordPage } from '../features/accounts/pages/ResetPasswordPage';
import { SignInPage } from '../features/accounts/pages/SignInPage';
import { SignUpPage } from '../features/accounts/pages/SignUpPage';
import { UsersPage } from '../features/team/pages/UsersPage';
import { PlatformPage } from '../features/platform/pages/PlatformPage';
import { createI18n } from './i18n';
import { createQueryClient } from './query-client';
import { HomePage } from './pages/HomePage';
import { NotFoundPage } from './pages/NotFoundPage';
import { ConsoleLayout } from './shell/ConsoleLayout';
import { PublicLayout } from './shell/PublicLayout';
import { RequestUiBridge } from './shell/RequestUiBridge';
import { RequireSession } from './shell/RequireSession';
import { RouteReporter } from './shell/RouteReporter';

const ANTD_LOCALE: Readonly<Record<Language, ConfigProviderProps['locale']>> = { cn: zhCN, en: enUS, ru: ruRU };

export interface AppProps {
  language: Language;
  /** Tests pass their own; the page makes one for its language. */
  i18n?: I18n;
  queryClient?: QueryClient;
  /** Behaviour reports (page views); tests leave it out. */
  reporter?: BehaviourReporter;
}

/** The console's routes: public pages for signed-out people, the rest behind the session guard. */
export function ConsoleRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route path="/login" element={<SignInPage />} />
        <Route path="/register" element={<SignUpPage />} />
        <Route path="/password/forgot" element={<ForgotPasswordPage />} />
        <Route path="/password/reset" element={<ResetPasswordPage />} />
        <Route path="/invitation" element={<InvitationPage />} />
      </Route>
      <Route
        element={
          <RequireSession>
            <ConsoleLayout />
          </RequireSession>
        }
      >
        <Route path="/" element={<HomePage />} />
        <Route path="/team/users" element={<UsersPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

/** The providers (data, components, strings, routes) around the console's pages. */
export function App({ language, i18n, queryClient, reporter }: AppProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [strings] = useState(() => i18n ?? createI18n(language));
  return (
    <Providers i18n={strings} queryClient={client} language={language}>
      <HashRouter>
        <RouteReporter reporter={reporter} />
        <ConsoleRoutes />
      </HashRouter>
    </Providers>
  );
}

/** Everything but the router: component tests put a MemoryRouter inside. */
export function Providers({ i18n, queryClient, language, children }: { i18n: I18n; queryClient: QueryClient; language: Language; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ConfigProvider locale={ANTD_LOCALE[language]}>
          <AntApp>
            <RequestUiBridge />
            {children}
          </AntApp>
        </ConfigProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
