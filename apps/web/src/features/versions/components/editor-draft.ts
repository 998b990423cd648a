import dayjs, { type Dayjs } from 'dayjs';
import type { Version } from '@wharf/contract';
import { EMPTY_LISTING, type ListingDraft } from './ListingEditor';
import type { PackageDraft } from './PackageCard';

/** What the version editor holds before it is saved: the form, and the phased release's settings. */
export interface PhaseDraft {
  percent: number | null;
  period: [Dayjs | null, Dayjs | null] | null;
  description: string;
}

export interface Draft extends PackageDraft {
  countries: string[];
  releaseType: Version['releaseType'];
  releaseMode: 'approval' | 'at';
  releaseAt: Dayjs | null;
  ageRating: Version['ageRating'];
  reviewNotes: string;
  account: string;
  password: string;
  languages: string[];
  listings: Record<string, ListingDraft>;
}

/** A listing not written yet starts with the app's name: most apps keep it in the store. */
export function draftOf(version: Version, defaultLanguage: string, appName: string): Draft {
  const listings = Object.fromEntries(
    version.listings.map((l) => [l.language, { name: l.name, brief: l.brief, description: l.description, newFeatures: l.newFeatures, iconObjectId: l.iconObjectId, screenshotObjectIds: l.screenshotObjectIds }]),
  );
  const languages = version.listings.map((l) => l.language);
  // The app's default language comes first, and is there to fill from the start.
  const ordered = [defaultLanguage, ...languages.filter((l) => l !== defaultLanguage)];
  return {
    pkgId: version.pkgId,
    noPackage: version.noPackage,
    exeVersionCode: version.pkgId ? version.versionCode : null,
    obbMain: version.expansionFiles.find((e) => e.slot === 'main')?.pkgId ?? null,
    obbPatch: version.expansionFiles.find((e) => e.slot === 'patch')?.pkgId ?? null,
    countries: version.countries,
    releaseType: version.releaseType,
    releaseMode: version.releaseAt ? 'at' : 'approval',
    releaseAt: version.releaseAt ? dayjs(version.releaseAt) : null,
    ageRating: version.ageRating,
    reviewNotes: version.reviewNotes ?? '',
    account: version.testAccount?.account ?? '',
    password: version.testAccount?.password ?? '',
    languages: ordered,
    listings: { [defaultLanguage]: { ...EMPTY_LISTING, name: appName }, ...listings },
  };
}

/** Equal drafts (dates compared by their instant). */
export const sameDraft = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A draft kept on this device (localStorage) while it is unsaved, so that a reload, a
 * crash or a move to another page loses nothing. The test account's password is never
 * written there.
 */
export interface KeptDraft {
  savedAt: string;
  draft: Draft;
  phase: PhaseDraft | null;
}

const keyOf = (versionId: string) => `wharf.versionDraft.${versionId}`;
const iso = (d: Dayjs | null) => (d ? d.toISOString() : null);
const day = (s: unknown) => (typeof s === 'string' ? dayjs(s) : null);

export function keepDraft(versionId: string, draft: Draft, phase: PhaseDraft | null, now = new Date()): void {
  const stored = {
    savedAt: now.toISOString(),
    draft: { ...draft, password: '', releaseAt: iso(draft.releaseAt) },
    phase: phase ? { ...phase, period: phase.period ? [iso(phase.period[0]), iso(phase.period[1])] : null } : null,
  };
  try {
    localStorage.setItem(keyOf(versionId), JSON.stringify(stored));
  } catch {
    // Storage full or refused (private mode): the page still warns before leaving.
  }
}

export function readKeptDraft(versionId: string): KeptDraft | null {
  try {
    const raw = localStorage.getItem(keyOf(versionId));
    if (!raw) return null;
    const stored = JSON.parse(raw) as { savedAt: string; draft: Draft & { releaseAt: string | null }; phase: (Omit<PhaseDraft, 'period'> & { period: [string | null, string | null] | null }) | null };
    if (typeof stored.savedAt !== 'string' || typeof stored.draft !== 'object' || !Array.isArray(stored.draft.languages)) return null;
    return {
      savedAt: stored.savedAt,
      draft: { ...stored.draft, releaseAt: day(stored.draft.releaseAt) },
      phase: stored.phase ? { ...stored.phase, period: stored.phase.period ? [day(stored.phase.period[0]), day(stored.phase.period[1])] : null } : null,
    };
  } catch {
    return null;
  }
}

export function dropKeptDraft(versionId: string): void {
  try {
    localStorage.removeItem(keyOf(versionId));
  } catch {
    // Nothing kept, nothing to drop.
  }
}
