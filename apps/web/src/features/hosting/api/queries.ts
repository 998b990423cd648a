import { useQuery } from '@tanstack/react-query';
import { hostingApi as api } from '@wharf/contract';
import { callEndpoint } from '../../../request/call';
import { hostingKeys as keys } from './keys';

export const useSites = (projectId: string) =>
  useQuery({ queryKey: keys.sites(projectId), queryFn: ({ signal }) => callEndpoint(api.listSites, { query: { projectId }, signal }), enabled: Boolean(projectId) });

export const useVersions = (projectId: string, site: string) =>
  useQuery({ queryKey: keys.versions(projectId, site), queryFn: ({ signal }) => callEndpoint(api.listVersions, { query: { projectId, site }, signal }), enabled: Boolean(projectId && site) });

export const useSiteConfig = (projectId: string, site: string) =>
  useQuery({ queryKey: keys.config(projectId, site), queryFn: ({ signal }) => callEndpoint(api.getSiteConfig, { query: { projectId, site }, signal }), enabled: Boolean(projectId && site) });

export const useDomains = (projectId: string, site: string) =>
  useQuery({ queryKey: keys.domains(projectId, site), queryFn: ({ signal }) => callEndpoint(api.listDomains, { query: { projectId, site }, signal }), enabled: Boolean(projectId && site) });
