import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { analyticsApi, type ExploreGroup } from '@wharf/contract';
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

type Range = { from: string; to: string };

/** Each day's new users and how many came back 1, 7 and 30 days later. */
export function useRetention(appId: string, range: Range) {
  return useQuery({
    queryKey: analyticsKeys.retention(appId, range.from, range.to),
    queryFn: ({ signal }) => callEndpoint(analyticsApi.analyticsRetention, { query: { appId, ...range }, signal }),
    enabled: Boolean(appId),
    placeholderData: keepPreviousData,
  });
}

/** What the store did for the app and how its versions spread, per day of the range. */
export function useDistribution(appId: string, range: Range) {
  return useQuery({
    queryKey: analyticsKeys.distribution(appId, range.from, range.to),
    queryFn: ({ signal }) => callEndpoint(analyticsApi.analyticsDistribution, { query: { appId, ...range }, signal }),
    enabled: Boolean(appId),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

/** How many instances did each step in order; asked only once there are two steps. */
export function useFunnel(appId: string, range: Range, steps: readonly string[]) {
  const joined = steps.join(',');
  return useQuery({
    queryKey: analyticsKeys.funnel(appId, range.from, range.to, joined),
    queryFn: ({ signal }) => callEndpoint(analyticsApi.analyticsFunnel, { query: { appId, ...range, steps: joined }, signal }),
    enabled: Boolean(appId) && steps.length >= 2,
    placeholderData: keepPreviousData,
  });
}

/** The events sent in the range, most sent first. */
export function useEventList(appId: string, range: Range) {
  return useQuery({
    queryKey: analyticsKeys.events(appId, range.from, range.to),
    queryFn: ({ signal }) => callEndpoint(analyticsApi.analyticsEventList, { query: { appId, ...range }, signal }),
    enabled: Boolean(appId),
    placeholderData: keepPreviousData,
  });
}

export interface ExploreQuery {
  from: string;
  to: string;
  event: string;
  groupBy: ExploreGroup;
  property?: string;
  equals?: string;
}

/** One event per day, split and filtered as asked. */
export function useExplore(appId: string, q: ExploreQuery | null) {
  const query = q ? Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) : {};
  return useQuery({
    queryKey: analyticsKeys.explore(appId, query as Record<string, string>),
    queryFn: ({ signal }) => callEndpoint(analyticsApi.exploreAnalyticsEvent, { query: { appId, ...(query as unknown as ExploreQuery) }, signal }),
    enabled: Boolean(appId && q),
    placeholderData: keepPreviousData,
  });
}

/** Who the range's active users are, by country, language, OS and device model. */
export function usePortrait(appId: string, range: Range) {
  return useQuery({
    queryKey: analyticsKeys.portrait(appId, range.from, range.to),
    queryFn: ({ signal }) => callEndpoint(analyticsApi.analyticsPortrait, { query: { appId, ...range }, signal }),
    enabled: Boolean(appId),
    placeholderData: keepPreviousData,
  });
}

/** The app against its category's apps over the range (withheld where that would tell one app's numbers). */
export function useIndustry(appId: string, range: Range) {
  return useQuery({
    queryKey: analyticsKeys.industry(appId, range.from, range.to),
    queryFn: ({ signal }) => callEndpoint(analyticsApi.analyticsIndustry, { query: { appId, ...range }, signal }),
    enabled: Boolean(appId),
    placeholderData: keepPreviousData,
  });
}
