import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { requestClient } from '../request/call';
import { installErrorForwarding } from '../request/error-report';
import { createPageReporter, installClickReports, sourceChannelOf } from '../report/page';
import { currentLanguage } from '../session/language';
import { isSignedIn } from '../session/session';
import { clearLeftoverSession } from '../session/signed-out';
import { App } from './App';
import { createI18n, loadLanguage } from './i18n';

clearLeftoverSession(window.location.hash, isSignedIn());
const language = currentLanguage();
const client = requestClient();
installErrorForwarding(() => client.config?.errorReportUrl);
const reporter = createPageReporter(client);
installClickReports(reporter);
void client.loadConfig().then(() => {
  if (sourceChannelOf(window.location)) reporter.externalJump();
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// The page's language's strings are a chunk of their own (i18n.ts): fetched while the
// request layer loads its configuration.
void loadLanguage(language).then(() => {
  createRoot(root).render(
    <StrictMode>
      <App language={language} i18n={createI18n(language)} reporter={reporter} />
    </StrictMode>,
  );
});
