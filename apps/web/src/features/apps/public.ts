// The apps family's face for the console's other families: what they may use of it.
export { languageName } from './labels';
export { AppsPage } from './pages/AppsPage';
export { AppInfoPage } from './pages/AppInfoPage';
export { useApp, useApps } from './hooks';
export { appKeys } from './keys';
export { ProjectAppsCard } from './components/ProjectAppsCard';
