import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { currentLanguage } from '../session/language';
import { App } from './App';
import { createI18n } from './i18n';

const language = currentLanguage();
const i18n = createI18n(language);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <App language={language} i18n={i18n} />
  </StrictMode>,
);
