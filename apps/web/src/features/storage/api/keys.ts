import { storageApi as api } from '@wharf/contract';

export const storageKeys = {
  all: ['storage'] as const,
  project: (projectId: string) => [...storageKeys.all, projectId] as const,
  service: (projectId: string) => [...storageKeys.project(projectId), api.getStorageService.id] as const,
  bucket: (projectId: string, bucket: string) => [...storageKeys.project(projectId), 'bucket', bucket] as const,
  objects: (projectId: string, bucket: string, prefix: string) => [...storageKeys.bucket(projectId, bucket), api.listObjects.id, prefix] as const,
  rules: (projectId: string, bucket: string) => [...storageKeys.bucket(projectId, bucket), api.getBucketRules.id] as const,
  cors: (projectId: string, bucket: string) => [...storageKeys.bucket(projectId, bucket), api.getBucketCors.id] as const,
  usage: (projectId: string, bucket: string, days: number) => [...storageKeys.bucket(projectId, bucket), api.getStorageUsage.id, days] as const,
};
