import { ageRatingApi } from '@wharf/contract';
import { NO_CONTENT } from '@wharf/rules';
import type { Seed } from '../seed';
import type { Builders } from '../types';
import { ok } from '../answers';

const violent = { ...NO_CONTENT, violence: 'realistic' };

/** A fresh app of A on the shelf with a change of its age rating waiting for review. */
async function waiting(s: Seed): Promise<{ appId: string; taskId: string }> {
  const app = await s.fresh.onShelf();
  const res = await s.a.holder.call(ageRatingApi.saveAgeRating, { body: { appId: app.appId, answers: violent } });
  const { taskId } = await ok<{ taskId: string }>(res, 'age rating change');
  return { appId: app.appId, taskId };
}

/** An app's age rating: its team's calls (v1 and v2), the reviewers', and the store page's. */
export function ageRatingBuilders(): Builders {
  return {
    'ageRating.getV1': { build: (s) => ({ query: { appId: s.a.app.appId } }) },
    'ageRating.setV1': { build: async (s) => ({ body: { appId: (await s.fresh.app()).appId, age: '7+' } }) },
    'ageRating.get': { build: (s) => ({ query: { appId: s.a.app.appId } }) },
    'ageRating.save': { build: async (s) => ({ body: { appId: (await s.fresh.app()).appId, answers: violent } }) },
    'ageRating.cancel': { build: async (s) => ({ body: { appId: (await waiting(s)).appId } }) },
    'ageRating.reviewQueue': { build: () => ({ query: { state: 'open' } }) },
    'ageRating.reviewDecide': { build: async (s) => ({ body: { taskId: (await waiting(s)).taskId, decision: 'approve' } }) },
    'ageRating.store': {
      build: (s) => ({ params: { appId: s.a.app.appId } }),
      reveals: (s) => ({ values: [s.a.app.appId], why: "an on-shelf app's age rating is public: its store page shows it" }),
    },
  };
}
