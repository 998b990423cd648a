// What other families may use of projects: nothing else of this folder.

/** The projects table, for the foreign keys of a project's own data (cascade on delete). */
export { projects } from './tables';

export { projectFacts, projectTeam, teamProjects, type ProjectFacts } from './facts';

/** Subscribe to let go of what a family keeps for a project beyond its rows. */
export { projectDeleted } from './events';

/** The projects service as the console's calls use it (the demo seeds through it). */
export { ProjectsService } from './service';
