import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { requestClient } from '../request/call';
import { installErrorForwarding } from '../request/error-report';
import { createPageReporter, installClickReports, sourceChannelOf } from '../report/page';
import { currentLanguage } from '../session/language';
import { isSignedIn } from '../session/session';
import { clearLeftoverSession } from '../session/signed-out';
import { App } from './App';
import { createI18n } from './i18n';

clearLeftoverSession(window.location.hash, isSignedIn());
const language = currentLanguage();
const i18n = createI18n(language);
const client = requestClient();
installErrorForwarding(() => client.config?.errorReportUrl);
const reporter = createPageReporter(client);
installClickReports(reporter);
void client.loadConfig().then(() => {
  if (sourceChannelOf(window.location)) reporter.externalJump();
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <App language={language} i18n={i18n} reporter={reporter} />
  </StrictMode>,
);
