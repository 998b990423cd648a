import { useQuery } from '@tanstack/react-query';
import { contentApi, type ServiceEntry } from '@wharf/contract';
import { SERVICE_CATEGORIES, type Language, type ServiceCategory } from '@wharf/rules';
import { callEndpoint } from '../../request/call';
import { setSessionValue } from '../../session/store';
import { consoleKeys } from './keys';

export type { ServiceEntry };

/**
 * The services this console offers (the server's registry). Only what exists is listed;
 * the session data keeps the `serviceMap` (id, serviceId, menuId) the reports read.
 */
export function useServiceCatalogue() {
  return useQuery({
    queryKey: consoleKeys.services(),
    queryFn: async ({ signal }) => {
      const { items } = await callEndpoint(contentApi.serviceList, { signal });
      setSessionValue('serviceMap', items.map(({ id, serviceId, menuId }) => ({ id, serviceId, menuId })));
      return items;
    },
    staleTime: 10 * 60_000,
  });
}

export interface CategoryGroup {
  category: ServiceCategory;
  services: ServiceEntry[];
}

/** Services of one scope by category, in menu order; categories without a service are left out. */
export function groupByCategory(services: readonly ServiceEntry[], scope: ServiceEntry['scope'] | 'all' = 'all'): CategoryGroup[] {
  const inScope = services.filter((s) => scope === 'all' || s.scope === scope);
  return SERVICE_CATEGORIES.map((category) => ({ category, services: inScope.filter((s) => s.categoryId === category.id) })).filter(
    (group) => group.services.length > 0,
  );
}

/** A service's route with the project's or app's id put in (`/apps/:appId/info`). */
export function serviceRoute(service: ServiceEntry, ids: { projectId?: string; appId?: string } = {}): string {
  return service.route.replace(':projectId', encodeURIComponent(ids.projectId ?? '')).replace(':appId', encodeURIComponent(ids.appId ?? ''));
}

export function serviceName(service: ServiceEntry, language: Language): string {
  return service.names[language] ?? service.names.en;
}
