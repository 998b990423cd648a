import type { LocalizedNames } from '../language';
import { LANGUAGE_DATA } from './languages.data';
import { freezeDeep } from './freeze';

/** A store-listing language key in AppGallery Connect style (zhCN, ptBR, es419, ...). */
export type LanguageKey = (typeof LANGUAGE_DATA)[number]['key'];

export interface CatalogueLanguage {
  readonly key: LanguageKey;
  /** BCP 47 tag, e.g. 'pt-BR'. */
  readonly tag: string;
  readonly names: LocalizedNames;
}

/** The languages an app's store listing may be written in, ordered by tag. */
export const LANGUAGES: readonly CatalogueLanguage[] = freezeDeep(
  LANGUAGE_DATA.map(({ key, tag, names }) => ({ key, tag, names: { ...names } })),
);

const BY_KEY: ReadonlyMap<string, CatalogueLanguage> = new Map(LANGUAGES.map((l) => [l.key, l]));
const BY_TAG: ReadonlyMap<string, CatalogueLanguage> = new Map(LANGUAGES.map((l) => [l.tag.toLowerCase(), l]));

/** The catalogue language of a key (exact: keys are identifiers), or null. */
export function languageByKey(key: string | null | undefined): CatalogueLanguage | null {
  return typeof key === 'string' ? (BY_KEY.get(key) ?? null) : null;
}

/** The catalogue language of a BCP 47 tag (case-insensitive, '_' taken as '-'), or null. */
export function languageByTag(tag: string | null | undefined): CatalogueLanguage | null {
  if (typeof tag !== 'string') return null;
  return BY_TAG.get(tag.trim().replace(/_/g, '-').toLowerCase()) ?? null;
}
