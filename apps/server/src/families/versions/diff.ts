import type { ListingRow, VersionRow } from './repo';
import type { PackageRow } from '../packages/public';

const LISTING_FIELDS = ['name', 'brief', 'description', 'newFeatures', 'iconObjectId', 'screenshotObjectIds', 'videoObjectIds'] as const;

const setDiff = (from: readonly string[], to: readonly string[]) => ({
  added: to.filter((x) => !from.includes(x)).sort(),
  removed: from.filter((x) => !to.includes(x)).sort(),
});

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What a reviewer should look at in an update: what differs from the version on shelf. */
export function versionDiff(
  onShelf: { row: VersionRow; listings: ListingRow[]; pkg: PackageRow | undefined },
  next: { row: VersionRow; listings: ListingRow[]; pkg: PackageRow | undefined },
) {
  const before = new Map(onShelf.listings.map((l) => [l.language, l]));
  const after = new Map(next.listings.map((l) => [l.language, l]));
  const languages = [...new Set([...before.keys(), ...after.keys()])].sort();
  type ListingChange = { language: string; change: 'added' | 'removed' | 'changed'; fields: string[] };
  const listings = languages.flatMap((language): ListingChange[] => {
    const b = before.get(language);
    const a = after.get(language);
    if (!b) return [{ language, change: 'added', fields: [] }];
    if (!a) return [{ language, change: 'removed', fields: [] }];
    const fields = LISTING_FIELDS.filter((f) => !same(a[f], b[f]));
    return fields.length ? [{ language, change: 'changed', fields: [...fields] }] : [];
  });
  const signers = (p: PackageRow | undefined) => [...(p?.certificates ?? [])].sort();
  return {
    versionCode: { from: onShelf.row.versionCode, to: next.row.versionCode },
    countries: setDiff(onShelf.row.countries, next.row.countries),
    listings,
    permissions: setDiff(onShelf.pkg?.permissions ?? [], next.pkg?.permissions ?? []),
    signerChanged: !!onShelf.pkg && !!next.pkg && signers(onShelf.pkg).length > 0 && !same(signers(onShelf.pkg), signers(next.pkg)),
  };
}
