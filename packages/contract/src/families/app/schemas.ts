import { z } from 'zod';
import { zoneName } from '../console';

export const PLATFORMS = ['android', 'harmony', 'quickapp', 'pc', 'watch'] as const;
export const platform = z.enum(PLATFORMS);
export type Platform = z.infer<typeof platform>;

export const APP_CATEGORIES = ['app', 'game'] as const;
export const DEVELOP_STATUSES = ['developing', 'testing', 'ready', 'released'] as const;
export const APP_NAME_MAX = 64;

/** 7–128 characters, at least three dot-separated segments of letters, digits and _ . */
export const PACKAGE_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*){2,}$/;

export const appName = z.string().trim().min(1).max(APP_NAME_MAX);
export const packageName = z.string().trim().min(7).max(128);
export const languageKey = z.string().regex(/^[a-z]{2,3}([A-Z]{2}|\d{3})?$/, 'a language key such as zhCN or enUS');

export const app = z.object({
  appId: z.string(),
  projectId: z.string(),
  platform,
  name: z.string(),
  /** Names per catalogue language key; the default language's name is `name`. */
  names: z.record(z.string(), z.string()),
  packageName: z.string(),
  category: z.enum(APP_CATEGORIES),
  kindId: z.string().nullable(),
  defaultLanguage: z.string(),
  developStatus: z.enum(DEVELOP_STATUSES),
  /** The package name is fixed once a package was uploaded. */
  packageNameLocked: z.boolean(),
  /** Ever released: an app that was on shelf cannot be deleted, only taken off shelf. */
  everOnShelf: z.boolean(),
  developerWebsite: z.string().nullable(),
  supportEmail: z.string().nullable(),
  supportPhone: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type App = z.infer<typeof app>;

export const checkReason = z.enum(['format', 'reserved', 'taken']).nullable();

export const appLocation = z.object({
  appId: z.string(),
  projectId: z.string(),
  teamId: z.string(),
  dataLocation: zoneName,
  siteId: z.number().int(),
});

export const appKind = z.object({
  id: z.string(),
  category: z.enum(APP_CATEGORIES),
  names: z.object({ cn: z.string(), en: z.string(), ru: z.string() }),
});
