import type { AgeDeclaration } from '@wharf/contract';
import type { Deps } from '../../platform/deps';
import { notFound } from '../../platform/http/errors';
import { KeptReads } from '../../platform/kept-reads';
import { inStore } from '../versions/public';
import { declarationOut } from './present';
import { ageRatingRepo } from './repo';

/**
 * What the store page shows of an app's age rating: the declaration in effect, for an app in
 * the store. Every visitor of an app asks the same: kept per instance as the store's other
 * facts are, and forgotten here at once when this instance changes the app's rating.
 */
export class AgeRatingStore {
  readonly #kept: KeptReads<{ listed: boolean; rating: AgeDeclaration | null }>;

  constructor(private readonly deps: Pick<Deps, 'db' | 'clock' | 'config'>) {
    this.#kept = new KeptReads(deps);
  }

  async of(appId: string) {
    const { listed, rating } = await this.#kept.get(appId, () => this.#read(appId));
    if (!listed) throw notFound({ zh: '应用不在应用市场中', en: 'The app is not in the store', ru: 'Приложения нет в магазине' });
    return { rating };
  }

  forget(appId: string): void {
    this.#kept.forget(appId);
  }

  async #read(appId: string) {
    const { db } = this.deps;
    const [listed, row] = await Promise.all([inStore(db, appId), ageRatingRepo.byApp(db, appId)]);
    return { listed, rating: row?.current ? declarationOut(row.current) : null };
  }
}
