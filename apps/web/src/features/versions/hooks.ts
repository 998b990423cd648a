import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { versionApi, type BodyOf } from '@wharf/contract';
import { callEndpoint } from '../../request/call';
import { versionKeys } from './keys';

/** The versions of an app read by the version page: its newest ones are enough to find the one being prepared. */
export const VERSIONS_PAGE_SIZE = 20;

type Ref = { appId: string; versionId: string };

/** The app's versions, newest first (the first page). */
export function useVersions(appId: string) {
  return useQuery({
    queryKey: versionKeys.list(appId),
    queryFn: ({ signal }) => callEndpoint(versionApi.versionList, { query: { appId, pageSize: VERSIONS_PAGE_SIZE }, signal }),
    enabled: Boolean(appId),
  });
}

/** The version on shelf now, if any. */
export function useLastOnShelf(appId: string) {
  return useQuery({
    queryKey: versionKeys.lastOnShelf(appId),
    queryFn: async ({ signal }) => (await callEndpoint(versionApi.lastOnShelf, { query: { appId }, signal })).version,
    enabled: Boolean(appId),
  });
}

/** The app's distribution at a glance: in the store or not, downloads of the last 30 days. */
export function useDistributionGlance(appId: string) {
  return useQuery({
    queryKey: [...versionKeys.app(appId), versionApi.distributionApp.id],
    queryFn: ({ signal }) => callEndpoint(versionApi.distributionApp, { query: { appId }, signal }),
    enabled: Boolean(appId),
  });
}

/** The one unreleased version (draft, in review, rejected, waiting), if any: asked of the server, not searched for. */
export function usePreparingVersion(appId: string) {
  return useQuery({
    queryKey: versionKeys.preparing(appId),
    queryFn: async ({ signal }) => (await callEndpoint(versionApi.preparingVersion, { query: { appId }, signal })).version,
    enabled: Boolean(appId),
  });
}

/** One version with what is still missing before it can be submitted. */
export function useVersion(ref: Ref | null) {
  return useQuery({
    queryKey: versionKeys.detail(ref?.appId ?? '', ref?.versionId ?? ''),
    queryFn: ({ signal }) => callEndpoint(versionApi.getVersion, { query: ref!, signal }),
    enabled: Boolean(ref),
  });
}

/** Who did what when to a version. */
export function useVersionHistory(ref: Ref) {
  return useQuery({
    queryKey: versionKeys.history(ref.appId, ref.versionId),
    queryFn: async ({ signal }) => (await callEndpoint(versionApi.historyVersion, { query: ref, signal })).events,
  });
}

/** A version's phased release now and its changes, oldest first. */
export function usePhasedRelease(ref: Ref, enabled = true) {
  return useQuery({
    queryKey: versionKeys.phased(ref.appId, ref.versionId),
    queryFn: ({ signal }) => callEndpoint(versionApi.phasedReleaseHistory, { query: ref, signal }),
    enabled,
  });
}

/** Downloads of the app's versions per day, version and country over a range of UTC days. */
export function useDownloadStats(appId: string, from: string, to: string) {
  return useQuery({
    queryKey: versionKeys.downloads(appId, from, to),
    queryFn: ({ signal }) => callEndpoint(versionApi.downloadStats, { query: { appId, from, to }, signal }),
  });
}

/** Everything the page shows of the app's versions is read again after a change. */
function useRefresh(appId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: versionKeys.app(appId) });
}

/** Starts a version (or answers the one still being prepared). */
export function useCreateVersion(appId: string) {
  const refresh = useRefresh(appId);
  return useMutation({
    mutationFn: async () => (await callEndpoint(versionApi.createVersion, { body: { appId } })).version,
    onSuccess: () => refresh(),
  });
}

export type VersionEdit = Omit<BodyOf<typeof versionApi.updateVersion>, 'appId' | 'versionId'>;

export function useUpdateVersion(ref: Ref) {
  const refresh = useRefresh(ref.appId);
  return useMutation({
    mutationFn: (edit: VersionEdit) => callEndpoint(versionApi.updateVersion, { body: { ...ref, ...edit } }),
    onSuccess: () => refresh(),
  });
}

/** The distribution family's package calls: no package, a PC installer with its versionCode, expansion files. */
export function usePackageCalls(ref: Ref) {
  const refresh = useRefresh(ref.appId);
  return useMutation({
    mutationFn: async (c: { noPackage?: boolean; exe?: { pkgId: string; versionCode: number }; expansion?: { main: string | null; patch: string | null } }) => {
      if (c.noPackage !== undefined) await callEndpoint(versionApi.packageNone, { body: { ...ref, noPackage: c.noPackage } });
      if (c.exe) await callEndpoint(versionApi.packageExe, { body: { ...ref, ...c.exe } });
      if (c.expansion) await callEndpoint(versionApi.packageObb, { body: { ...ref, ...c.expansion } });
    },
    onSettled: () => refresh(),
  });
}

export function useDeleteVersionLanguage(ref: Ref) {
  const refresh = useRefresh(ref.appId);
  return useMutation({
    mutationFn: (language: string) => callEndpoint(versionApi.deleteVersionLanguage, { query: { ...ref, language } }),
    onSuccess: () => refresh(),
  });
}

export function useDeleteVersion(ref: Ref) {
  const refresh = useRefresh(ref.appId);
  return useMutation({
    mutationFn: () => callEndpoint(versionApi.deleteVersion, { query: ref }),
    onSuccess: () => refresh(),
  });
}

export function useSubmitVersion(ref: Ref) {
  const refresh = useRefresh(ref.appId);
  return useMutation({
    mutationFn: () => callEndpoint(versionApi.submitVersion, { body: ref }),
    onSuccess: () => refresh(),
  });
}

export function useCancelOnShelf(ref: Ref) {
  const refresh = useRefresh(ref.appId);
  return useMutation({
    mutationFn: () => callEndpoint(versionApi.cancelOnShelf, { body: ref }),
    onSuccess: () => refresh(),
  });
}

/** A new release time (ISO), or `null` to release now. */
export function useOnShelfTime(ref: Ref) {
  const refresh = useRefresh(ref.appId);
  return useMutation({
    mutationFn: (releaseAt: string | null) => callEndpoint(versionApi.onShelfTime, { body: releaseAt ? { ...ref, releaseAt } : { ...ref, now: true } }),
    onSuccess: () => refresh(),
  });
}

export function useShelfOff(ref: Ref) {
  const refresh = useRefresh(ref.appId);
  return useMutation({
    mutationFn: (reason: string) => callEndpoint(versionApi.shelfOff, { body: { ...ref, reason } }),
    onSuccess: () => refresh(),
  });
}

export function useCancelShelfOff(ref: Ref) {
  const refresh = useRefresh(ref.appId);
  return useMutation({
    mutationFn: () => callEndpoint(versionApi.cancelShelfOff, { body: ref }),
    onSuccess: () => refresh(),
  });
}

export function useRollback(ref: Ref) {
  const refresh = useRefresh(ref.appId);
  return useMutation({
    mutationFn: (reason: string) => callEndpoint(versionApi.rollback, { body: { ...ref, reason } }),
    onSuccess: () => refresh(),
  });
}

export function useCancelRollback(ref: Ref) {
  const refresh = useRefresh(ref.appId);
  return useMutation({
    mutationFn: () => callEndpoint(versionApi.rollbackCancel, { query: ref }),
    onSuccess: () => refresh(),
  });
}

export function useUrge(ref: Ref) {
  const refresh = useRefresh(ref.appId);
  return useMutation({
    mutationFn: () => callEndpoint(versionApi.urgeAudit, { body: ref }),
    onSuccess: () => refresh(),
  });
}

export type PhaseChange = Omit<BodyOf<typeof versionApi.changePhasedRelease>, 'appId' | 'versionId'>;

export function useChangePhasedRelease(ref: Ref) {
  const refresh = useRefresh(ref.appId);
  return useMutation({
    mutationFn: (change: PhaseChange) => callEndpoint(versionApi.changePhasedRelease, { body: { ...ref, ...change } }),
    onSuccess: () => refresh(),
  });
}
