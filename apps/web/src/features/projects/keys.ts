import { projectApi } from '@wharf/contract';

/**
 * Query keys of the projects family. A project's own key is shared with the console's
 * project layout (its breadcrumb), so a rename shows there at once.
 */
export const projectKeys = {
  all: ['project'] as const,
  list: (teamId: string, search: string) => [...projectKeys.all, projectApi.projectList.id, teamId, search] as const,
  detail: (projectId: string) => [...projectKeys.all, projectApi.getProject.id, projectId] as const,
  members: (projectId: string) => [...projectKeys.all, projectApi.projectMembers.id, projectId] as const,
  configFile: (projectId: string) => [...projectKeys.all, projectApi.projectConfigFile.id, projectId] as const,
};
