import { z } from 'zod';

/**
 * AppGallery Connect writes languages as `en-US` (some clients `en_US`); the console keys
 * them as `enUS`. The Connect API takes either separator and answers with a hyphen.
 */
export const connectLang = z
  .string()
  .regex(/^[a-z]{2,3}([-_]([A-Z]{2}|\d{3}))?$/, 'a language such as en-US or zh-CN')
  .transform((v) => v.replace(/[-_]/, ''));
export const connectLangOf = (key: string) => key.replace(/^([a-z]{2,3})([A-Z]{2}|\d{3})$/, '$1-$2');

export const appIdQuery = z.object({ appId: z.uuid() });

export const languageInfo = z.object({
  lang: z.string(),
  appName: z.string(),
  appDesc: z.string(),
  briefInfo: z.string(),
  newFeatures: z.string(),
});

export const phasedReleaseInfo = z.object({
  /** RELEASE (rolling out), SUSPEND (paused), as AppGallery Connect names them. */
  state: z.string(),
  phasedReleasePercent: z.string(),
  phasedReleaseStartTime: z.string().nullable(),
  phasedReleaseEndTime: z.string().nullable(),
  phasedReleaseDescription: z.string(),
});

export const appInfo = z.object({
  /** The release state of the version being prepared, else of the one on shelf (the console's codes: 0 on shelf, 4 under review, 7 draft...). */
  releaseState: z.number().int(),
  defaultLang: z.string(),
  packageName: z.string().nullable(),
  versionNumber: z.string().nullable(),
  versionCode: z.number().int().nullable(),
  /** Countries and regions the version is offered in, comma-separated. */
  publishCountry: z.string(),
  updateTime: z.string(),
  phasedReleaseInfo: phasedReleaseInfo.nullable(),
});

export const auditInfo = z.object({
  /** The reviewer's reasons when the last review rejected the version; empty otherwise. */
  auditOpinion: z.string(),
});

export const urlInfo = z.object({
  objectId: z.string(),
  url: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
});

/** 0 parsed, 1 still parsing, 2 failed: AppGallery Connect's compile states. */
export const pkgState = z.object({ pkgId: z.string(), successStatus: z.number().int(), failureReason: z.string().optional() });
