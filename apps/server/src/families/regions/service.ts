import { REGIONS, countryById, type Language } from '@wharf/rules';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { callerApp } from '../apps/public';
import { appCountries } from '../versions/public';

const BY_REGION = new Map(REGIONS.map((r) => [r.id, r.countries.map((c) => countryById(c)!).filter(Boolean)]));

/**
 * The distribution regions for the console's country pickers and region names. The
 * catalogue itself is static (@wharf/rules); v2 lays an app's distribution over it.
 */
export class RegionsService {

  constructor(private readonly deps: Deps) {}

  names(lang: Language) {
    return {
      lang,
      regions: REGIONS.map((r) => ({
        id: r.id,
        name: r.names[lang],
        countries: BY_REGION.get(r.id)!
          .map((c) => ({ id: c.id, name: c.names[lang], contentRating: c.contentRating }))
          // Sorted for reading in the language asked for, as a picker lists them.
          .sort((a, b) => a.name.localeCompare(b.name, lang === 'cn' ? 'zh-CN' : lang)),
      })),
    };
  }

  async namesOfApp(caller: Caller, appId: string) {
    const { db } = this.deps;
    await callerApp(this.deps.db, caller, appId);
    const countries = await appCountries(db, appId);
    const onShelf = new Set(countries.onShelf);
    const preparing = new Set(countries.preparing);
    return {
      regions: REGIONS.map((r) => {
        const countries = BY_REGION.get(r.id)!.map((c) => ({ id: c.id, names: { ...c.names }, contentRating: c.contentRating, onShelf: onShelf.has(c.id), preparing: preparing.has(c.id) }));
        return { id: r.id, names: { ...r.names }, onShelfCount: countries.filter((c) => c.onShelf).length, countries };
      }),
    };
  }
}

