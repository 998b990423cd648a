// The projects family's face for the console's other families: what they may use of it.
export { ProjectSelect } from './components/ProjectSelect';
export { ProjectsPage } from './pages/ProjectsPage';
export { ProjectSettingsPage } from './pages/ProjectSettingsPage';
export { useCreateProject, useProject, useProjects, useProjectNames } from './hooks';
export { useDataLocations } from './zones';
