// What other families may use of projects: nothing else of this folder.

/** The projects table, for the foreign keys of a project's own data (cascade on delete). */
export { projects } from './tables';

export { projectFacts, teamProjects, type ProjectFacts } from './facts';
