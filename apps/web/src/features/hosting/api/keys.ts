import { hostingApi as api } from '@wharf/contract';

export const hostingKeys = {
  all: ['hosting'] as const,
  project: (projectId: string) => [...hostingKeys.all, projectId] as const,
  sites: (projectId: string) => [...hostingKeys.project(projectId), api.listSites.id] as const,
  site: (projectId: string, site: string) => [...hostingKeys.project(projectId), 'site', site] as const,
  versions: (projectId: string, site: string) => [...hostingKeys.site(projectId, site), api.listVersions.id] as const,
  config: (projectId: string, site: string) => [...hostingKeys.site(projectId, site), api.getSiteConfig.id] as const,
  domains: (projectId: string, site: string) => [...hostingKeys.site(projectId, site), api.listDomains.id] as const,
};
