import { appLinksApi as api } from '@wharf/contract';

export const appLinksKeys = {
  all: ['app-links'] as const,
  project: (projectId: string) => [...appLinksKeys.all, projectId] as const,
  settings: (projectId: string) => [...appLinksKeys.project(projectId), api.getLinkSettings.id] as const,
  prefixes: (projectId: string) => [...appLinksKeys.project(projectId), api.listPrefixes.id] as const,
  links: (projectId: string, search: string) => [...appLinksKeys.project(projectId), api.listLinks.id, search] as const,
  stats: (projectId: string, linkId: string, days: number) => [...appLinksKeys.project(projectId), api.linkStatistics.id, linkId, days] as const,
};
