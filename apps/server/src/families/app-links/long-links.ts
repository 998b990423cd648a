import type { LinkSettings } from '@wharf/contract';
import { APP_STORE_ID, IOS_BUNDLE_ID, linkAddresses, linkTargetProblem, readLongLink, type LinkTargets } from '@wharf/rules';
import type { DbOrTx } from '../../platform/db/types';
import { appsOfProjects } from '../apps/public';

/**
 * A long link's targets (`<prefix URL>?link=…&apn=…`), or null when it names an address off
 * the allowed hosts or not http(s), or an app that is not the project's: a long link is
 * checked on every click as a short one is when it is made, so a prefix is never an open redirect.
 */
export async function longLinkTargets(db: DbOrTx, projectId: string, settings: LinkSettings, query: Record<string, string>): Promise<LinkTargets | null> {
  const long = readLongLink(query);
  if (!long) return null;
  const apps = long.apn || long.hbn ? await appsOfProjects(db, [projectId]) : [];
  const appOf = (packageName: string | undefined, platform: string) => (packageName ? (apps.find((a) => a.packageName === packageName && a.platform === platform)?.appId ?? undefined) : null);
  const androidAppId = appOf(long.apn, 'android');
  const harmonyAppId = appOf(long.hbn, 'harmony');
  if (androidAppId === undefined || harmonyAppId === undefined) return null;
  const targets: LinkTargets = {
    deepLink: long.link,
    androidAppId,
    androidMinVersion: long.amv ?? null,
    androidFallbackUrl: long.afl ?? null,
    harmonyAppId,
    harmonyFallbackUrl: long.hfl ?? null,
    iosBundleId: long.ibi && IOS_BUNDLE_ID.test(long.ibi) ? long.ibi : null,
    iosAppStoreId: query.isi && APP_STORE_ID.test(query.isi) ? query.isi : null,
    iosFallbackUrl: long.ifl ?? null,
    desktopUrl: long.ofl ?? null,
    social: { title: long.st?.slice(0, 200) ?? null, description: long.sd?.slice(0, 500) ?? null, imageUrl: long.si && linkTargetProblem(long.si, []) === null ? long.si : null },
    utm: long.utm,
  };
  return linkAddresses(targets).every((u) => linkTargetProblem(u, settings.allowedHosts) === null) ? targets : null;
}
