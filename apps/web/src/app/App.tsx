import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, type ConfigProviderProps } from 'antd';
import enUS from 'antd/locale/en_US';
import ruRU from 'antd/locale/ru_RU';
import zhCN from 'antd/locale/zh_CN';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { createHashRouter, Navigate, Route, RouterProvider, Routes } from 'react-router';
import { isEntryPath, siteRootOf } from '@wharf/rules';
import type { Language } from '../session/language';
import type { BehaviourReporter } from '../report/behaviour';
import { ForgotPasswordPage, InvitationPage, ResetPasswordPage, SignInPage, SignUpPage } from '../features/accounts/public';
import { AgreementsPage, PublishingReadiness } from '../features/agreements/public';
import { UsersPage } from '../features/team/public';
import { PlatformPage } from '../features/platform/public';
import type { FamilyPages } from '../ui/family-pages';
import { useReducedMotion } from '../ui/reduced-motion';
import { createI18n, LANGUAGES } from './i18n';
import { createQueryClient } from './query-client';
import { HomePage } from './pages/HomePage';
import { NotFoundPage } from './pages/NotFoundPage';
import { AppsPage, AppInfoPage, ProjectAppsCard } from '../features/apps/public';
import { NewsDetailPage, NewsPage, useContentTabs } from '../features/content/public';
import { ProjectsPage, ProjectSettingsPage } from '../features/projects/public';
import { PackagesPage } from '../features/packages/public';
import { VersionPage, StoreIndexPage, StorePage } from '../features/versions/public';
import { ImmersivePage, useImmersiveReviewTab } from '../features/immersive/public';
import { QualificationsPage, useQualificationReviewTab } from '../features/qualifications/public';
import { TestingPage } from '../features/testing/public';
import { ReviewQueuePage, ReviewTaskPage } from '../features/review/public';
import { useReviewModerationTab } from '../features/ratings/public';
import { useAgeRatingReviewTab } from '../features/age-rating/public';
import { QuestionnaireAnswerPage } from '../features/questionnaires/public';
import { DemoProjectPage } from './modes/DemoProjectPage';
import { EmbeddedAppLayout } from './modes/EmbeddedAppLayout';
import { OpenTestPage } from './modes/OpenTestPage';
import { AppLayout } from './shell/AppLayout';
import { ConsoleLayout, TopLevelFrame } from './shell/ConsoleLayout';
import { ProjectLayout } from './shell/ProjectLayout';
import { VisitorOrConsoleLayout } from './shell/VisitorLayout';
import { PublicLayout } from './shell/PublicLayout';
import { RequestUiBridge } from './shell/RequestUiBridge';
import { RequireSession } from './shell/RequireSession';
import { RouteReporter } from './shell/RouteReporter';

/** Pages families declare in `features/<family>/routes.tsx` (see ui/family-pages.ts). */
const FAMILY_PAGES: readonly FamilyPages[] = Object.values(import.meta.glob<FamilyPages>('../features/*/routes.tsx', { eager: true }));

const USERS_TABS = FAMILY_PAGES.flatMap((pages) => pages.usersTabs ?? []);
const FAMILY_MENU = FAMILY_PAGES.flatMap((pages) => pages.menu ?? []);
const TOP_PAGES = FAMILY_PAGES.flatMap((pages) => pages.topPages ?? []).map((page) => <Route key={page.path} path={page.path} element={page.element} />);

const familyRoutes = (kind: 'projectPages' | 'appPages') =>
  FAMILY_PAGES.flatMap((pages) => pages[kind] ?? []).map((page) => <Route key={page.path} path={page.path} element={page.element} />);

const ANTD_LOCALE: Readonly<Record<Language, ConfigProviderProps['locale']>> = { cn: zhCN, en: enUS, ru: ruRU };

export interface AppProps {
  language: Language;
  /** Tests pass their own; the page makes one for its language. */
  i18n?: I18n;
  queryClient?: QueryClient;
  /** Behaviour reports (page views); tests leave it out. */
  reporter?: BehaviourReporter;
}

/** The pages of one app: under `/apps/:appId` in the console, under `/app` in embedded mode. */
function appPageRoutes() {
  return [
    <Route key="app-index" index element={<Navigate to="info" replace />} />,
    <Route key="info" path="info" element={<AppInfoPage />} />,
    <Route key="packages" path="packages" element={<PackagesPage />} />,
    <Route key="version" path="version" element={<VersionPage />} />,
    <Route key="immersive" path="immersive" element={<ImmersivePage />} />,
    <Route key="qualifications" path="qualifications" element={<QualificationsPage />} />,
    <Route key="testing" path="testing" element={<TestingPage />} />,
    ...familyRoutes('appPages'),
  ];
}

/**
 * The console's routes. Public pages (sign-in, service news, the demo project, the
 * open-test frame) need no session; the rest is behind the session guard. Embedded app
 * mode (#/app/...) has its own minimal frame; #/app/openTest is public.
 */
export function ConsoleRoutes() {
  // An address that is not one of the console's entry points (`/en/nope`): the server
  // answered 404 with this page, which says so in the address's site language.
  if (!isEntryPath(window.location.pathname)) {
    return (
      <Routes>
        <Route element={<VisitorOrConsoleLayout />}>
          <Route path="*" element={<NotFoundPage home={siteRootOf(window.location.pathname)} />} />
        </Route>
      </Routes>
    );
  }
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route path="/login" element={<SignInPage />} />
        <Route path="/register" element={<SignUpPage />} />
        <Route path="/password/forgot" element={<ForgotPasswordPage />} />
        <Route path="/password/reset" element={<ResetPasswordPage />} />
        <Route path="/invitation" element={<InvitationPage />} />
      </Route>
      <Route path="/app/openTest" element={<OpenTestPage />} />
      <Route element={<VisitorOrConsoleLayout />}>
        <Route element={<TopLevelFrame />}>
          <Route path="/news" element={<NewsPage />} />
          <Route path="/news/:serviceNewsId" element={<NewsDetailPage />} />
        </Route>
        <Route path="/demoProject" element={<DemoProjectPage />} />
        <Route path="/demoProject/apps/:appId" element={<DemoProjectPage />} />
        <Route path="/store" element={<StoreIndexPage />} />
        <Route path="/store/:appId" element={<StorePage />} />
        <Route path="/questionnaire/:questionnaireId" element={<QuestionnaireAnswerPage />} />
      </Route>
      <Route
        path="/app"
        element={
          <RequireSession>
            <EmbeddedAppLayout />
          </RequireSession>
        }
      >
        {appPageRoutes()}
      </Route>
      <Route
        element={
          <RequireSession>
            <ConsoleLayout familyMenu={FAMILY_MENU} />
          </RequireSession>
        }
      >
        <Route element={<TopLevelFrame />}>
          <Route path="/" element={<HomePage />} />
          <Route path="/projects" element={<ProjectsPage />} />
          <Route path="/apps" element={<AppsPage notices={<PublishingReadiness />} />} />
          <Route path="/team/users" element={<UsersPage familyTabs={USERS_TABS} />} />
          <Route path="/team/agreements" element={<AgreementsPage />} />
          <Route path="/platform" element={<PlatformWithContent />} />
          <Route path="/review" element={<ReviewQueueWithOthers />} />
          <Route path="/review/:taskId" element={<ReviewTaskPage />} />
          {TOP_PAGES}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        <Route path="/projects/:projectId" element={<ProjectLayout />}>
          <Route index element={<Navigate to="settings" replace />} />
          <Route path="settings" element={<ProjectSettingsPage appsCard={(projectId) => <ProjectAppsCard projectId={projectId} />} />} />
          {familyRoutes('projectPages')}
        </Route>
        <Route path="/apps/:appId" element={<AppLayout />}>
          {appPageRoutes()}
        </Route>
      </Route>
    </Routes>
  );
}

/** The providers (data, components, strings, routes) around the console's pages. */
/** The reviewers' queue with the tabs of the families whose tasks have their own queues. */
function ReviewQueueWithOthers() {
  return <ReviewQueuePage tabs={[useImmersiveReviewTab(), useQualificationReviewTab(), useReviewModerationTab(), useAgeRatingReviewTab()]} />;
}

/** The platform page with the content family's tabs (the shell composes the two families). */
function PlatformWithContent() {
  return <PlatformPage tabs={useContentTabs()} />;
}

export function App({ language, i18n, queryClient, reporter }: AppProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [strings] = useState(() => i18n ?? createI18n(language));
  // A data router (one catch-all route around the console's own <Routes>), so that a page
  // with unsaved edits can hold a navigation (useBlocker) and ask first.
  const [router] = useState(() =>
    createHashRouter([
      {
        path: '*',
        element: (
          <>
            <RouteReporter reporter={reporter} />
            <ConsoleRoutes />
          </>
        ),
      },
    ]),
  );
  return (
    <Providers i18n={strings} queryClient={client} language={language}>
      <RouterProvider router={router} />
    </Providers>
  );
}

const NO_MOTION: ConfigProviderProps['theme'] = { token: { motion: false } };

/**
 * antd's texts and date pickers follow the display language, also after a switch; its
 * animations stop for a person whose system asks for reduced motion.
 */
function LocalizedComponents({ initial, children }: { initial: Language; children: ReactNode }) {
  const { i18n } = useTranslation();
  const reducedMotion = useReducedMotion();
  const language = (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : initial;
  return (
    <ConfigProvider locale={ANTD_LOCALE[language]} {...(reducedMotion ? { theme: NO_MOTION } : {})}>
      {children}
    </ConfigProvider>
  );
}

/** Everything but the router: component tests put a MemoryRouter inside. */
export function Providers({ i18n, queryClient, language, children }: { i18n: I18n; queryClient: QueryClient; language: Language; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <LocalizedComponents initial={language}>
          <AntApp>
            <RequestUiBridge />
            {children}
          </AntApp>
        </LocalizedComponents>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
