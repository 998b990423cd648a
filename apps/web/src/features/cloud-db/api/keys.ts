import { cloudDbApi } from '@wharf/contract';

export const cloudDbKeys = {
  all: ['cloud-db'] as const,
  types: (projectId: string) => [...cloudDbKeys.all, cloudDbApi.listObjectTypes.id, projectId] as const,
  data: (projectId: string) => [...cloudDbKeys.all, cloudDbApi.browseObjects.id, projectId] as const,
  page: (projectId: string, zone: string, type: string, query: unknown) => [...cloudDbKeys.data(projectId), zone, type, query] as const,
};
