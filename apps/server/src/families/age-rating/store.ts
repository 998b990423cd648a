import type { Deps } from '../../platform/deps';
import { notFound } from '../../platform/http/errors';
import { inStore } from '../versions/public';
import { declarationOut } from './present';
import { ageRatingRepo } from './repo';

/** What the store page shows of an app's age rating: the declaration in effect, for an app in the store. */
export class AgeRatingStore {
  constructor(private readonly deps: Pick<Deps, 'db'>) {}

  async of(appId: string) {
    const { db } = this.deps;
    const [listed, row] = await Promise.all([inStore(db, appId), ageRatingRepo.byApp(db, appId)]);
    if (!listed) throw notFound({ zh: '应用不在应用市场中', en: 'The app is not in the store', ru: 'Приложения нет в магазине' });
    return { rating: row?.current ? declarationOut(row.current) : null };
  }
}
