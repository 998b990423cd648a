// The committed data files must be what scripts/generate-catalogues.mjs writes. The
// generator's own code runs here, and its answer is compared with the files. Names come
// from the ICU data of the running Node, so the comparison is exact only when that is the
// CLDR version the files were made with; on another version it is skipped (regenerate
// after a Node upgrade), while the shape checks in the other tests always run.
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, LANGUAGE_TAGS, buildCountries, buildLanguages, keyOfTag } from '../../scripts/catalogue-source';
import { COUNTRY_DATA, GENERATED_WITH_CLDR as COUNTRIES_CLDR } from './countries.data';
import { LANGUAGE_DATA, GENERATED_WITH_CLDR as LANGUAGES_CLDR } from './languages.data';

const runtimeCldr = (globalThis as { process?: { versions?: { cldr?: string } } }).process?.versions?.cldr;

describe('generated catalogue files', () => {
  it('were written from the current inputs', () => {
    expect(LANGUAGE_DATA.map((l) => l.tag)).toEqual([...LANGUAGE_TAGS]);
    expect(LANGUAGE_DATA.map((l) => l.key)).toEqual(LANGUAGE_TAGS.map(keyOfTag));
    expect(COUNTRY_DATA.map((c) => c.id)).toEqual(COUNTRY_CODES);
    expect(LANGUAGES_CLDR).toBe(COUNTRIES_CLDR);
  });

  it.runIf(runtimeCldr === LANGUAGES_CLDR)('hold exactly what the generator produces (same CLDR)', () => {
    expect(LANGUAGE_DATA).toEqual(buildLanguages());
    expect(COUNTRY_DATA).toEqual(buildCountries());
  });
});
