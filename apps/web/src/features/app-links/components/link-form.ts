import type { Link, LinkTargetsInput } from '@wharf/contract';
import { UTM_KEYS, type UtmKey } from '@wharf/rules';
import { deviceDraft } from '../../../ui/device-draft';

/** The editor's values: every text as typed (empty for none), the expiry as an ISO string. */
export interface LinkFormValues {
  prefixId: string;
  suffix: string;
  name: string;
  deepLink: string;
  androidAppId: string | null;
  androidMinVersion: number | null;
  androidFallbackUrl: string;
  harmonyAppId: string | null;
  harmonyFallbackUrl: string;
  iosBundleId: string;
  iosAppStoreId: string;
  iosFallbackUrl: string;
  desktopUrl: string;
  socialTitle: string;
  socialDescription: string;
  socialImageUrl: string;
  utm: Partial<Record<UtmKey, string>>;
  expiresAt: string | null;
  enabled: boolean;
}

const text = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);

export function formOf(link: Link | null, prefixId: string): LinkFormValues {
  return {
    prefixId: link?.prefixId ?? prefixId,
    suffix: link?.suffix ?? '',
    name: link?.name ?? '',
    deepLink: link?.deepLink ?? '',
    androidAppId: link?.androidAppId ?? null,
    androidMinVersion: link?.androidMinVersion ?? null,
    androidFallbackUrl: link?.androidFallbackUrl ?? '',
    harmonyAppId: link?.harmonyAppId ?? null,
    harmonyFallbackUrl: link?.harmonyFallbackUrl ?? '',
    iosBundleId: link?.iosBundleId ?? '',
    iosAppStoreId: link?.iosAppStoreId ?? '',
    iosFallbackUrl: link?.iosFallbackUrl ?? '',
    desktopUrl: link?.desktopUrl ?? '',
    socialTitle: link?.social.title ?? '',
    socialDescription: link?.social.description ?? '',
    socialImageUrl: link?.social.imageUrl ?? '',
    utm: (link?.utm ?? {}) as Partial<Record<UtmKey, string>>,
    expiresAt: link?.expiresAt ?? null,
    enabled: link ? link.state !== 'disabled' : true,
  };
}

/** What the contract takes from the editor's values (empty texts are "none"). */
export function targetsOf(v: LinkFormValues): LinkTargetsInput {
  return {
    name: v.name.trim(),
    deepLink: v.deepLink.trim(),
    androidAppId: v.androidAppId ?? null,
    androidMinVersion: v.androidMinVersion ?? null,
    androidFallbackUrl: text(v.androidFallbackUrl),
    harmonyAppId: v.harmonyAppId ?? null,
    harmonyFallbackUrl: text(v.harmonyFallbackUrl),
    iosBundleId: text(v.iosBundleId),
    iosAppStoreId: text(v.iosAppStoreId),
    iosFallbackUrl: text(v.iosFallbackUrl),
    desktopUrl: text(v.desktopUrl),
    social: { title: text(v.socialTitle), description: text(v.socialDescription), imageUrl: text(v.socialImageUrl) },
    utm: Object.fromEntries(UTM_KEYS.flatMap((k) => (text(v.utm?.[k]) ? [[k, text(v.utm[k])!]] : []))),
    expiresAt: v.expiresAt,
  };
}

/** A new link's values as typed, kept on this device until it is made. */
export const newLinkDrafts = deviceDraft<LinkFormValues>('newLink', (v) => (v && typeof v === 'object' && typeof (v as LinkFormValues).deepLink === 'string' ? (v as LinkFormValues) : null));
