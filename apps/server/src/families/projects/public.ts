// What other families may use of projects: nothing else of this folder.
import { perDeps } from '../../platform/per-deps';
import { ProjectsService } from './service';

/** The projects table, for the foreign keys of a project's own data (cascade on delete). */
export { projects } from './tables';

export { projectFacts, projectTeam, teamProjects, type ProjectFacts } from './facts';

/** Subscribe to let go of what a family keeps for a project beyond its rows. */
export { projectDeleted } from './events';

/** The projects service as the console's calls use it (the demo seeds through it). */
export { ProjectsService } from './service';

/** The projects service, one per running server (see platform/per-deps.ts). */
export const projectsOf = perDeps((deps) => new ProjectsService(deps));
