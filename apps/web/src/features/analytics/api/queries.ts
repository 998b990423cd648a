import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { analyticsApi } from '@wharf/contract';
import { callEndpoint } from '../../../request/call';
import { analyticsKeys } from './keys';

/** The app's reporting time zone and retention. */
export function useAnalyticsSettings(appId: string) {
  return useQuery({
    queryKey: analyticsKeys.settings(appId),
    queryFn: ({ signal }) => callEndpoint(analyticsApi.getAnalyticsSettings, { query: { appId }, signal }),
    enabled: Boolean(appId),
  });
}

/** The overview of a range; the last range's numbers stay on screen while the next loads. */
export function useOverview(appId: string, range: { from: string; to: string; compare: boolean } | null) {
  return useQuery({
    queryKey: analyticsKeys.overview(appId, range?.from ?? '', range?.to ?? '', range?.compare ?? false),
    queryFn: ({ signal }) => callEndpoint(analyticsApi.analyticsOverview, { query: { appId, from: range!.from, to: range!.to, compare: String(range!.compare) as 'true' | 'false' }, signal }),
    enabled: Boolean(appId && range),
    placeholderData: keepPreviousData,
    // Events arrive all the time: what is on screen is refreshed while it is looked at.
    refetchInterval: 60_000,
  });
}
