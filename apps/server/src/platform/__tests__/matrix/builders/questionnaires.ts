import { questionnairesApi } from '@wharf/contract';
import type { Seed } from '../seed';
import type { Builders } from '../types';
import { ok } from '../answers';
import { appHeaders } from './app-users';

const questions = [{ id: 'q1', kind: 'single', title: 'How often?', required: true, options: [{ id: 'a', label: 'Often' }, { id: 'b', label: 'Rarely' }] }];

/** A fresh questionnaire of A's app, in the state asked for, with the marker in its title. */
async function questionnaire(s: Seed, state: 'draft' | 'published' | 'closed' = 'draft'): Promise<string> {
  const created = await s.a.holder.call(questionnairesApi.createQuestionnaire, { body: { appId: s.a.app.appId, title: `Survey ${s.marker}`, questions } });
  const id = (await ok<{ questionnaire: { questionnaireId: string } }>(created, 'questionnaire')).questionnaire.questionnaireId;
  for (const next of state === 'draft' ? [] : state === 'published' ? ['published'] : ['published', 'closed']) {
    await ok(await s.a.holder.call(questionnairesApi.setQuestionnaireState, { body: { appId: s.a.app.appId, questionnaireId: id, state: next } }), next);
  }
  return id;
}

/** Questionnaires of A's app: the team's calls, the respondents' and the app's. */
export function questionnairesBuilders(): Builders {
  return {
    'questionnaires.list': { build: async (s) => (await questionnaire(s), { query: { appId: s.a.app.appId } }) },
    'questionnaires.get': { build: async (s) => ({ query: { appId: s.a.app.appId, questionnaireId: await questionnaire(s) } }) },
    'questionnaires.create': { build: (s) => ({ body: { appId: s.a.app.appId, title: 'New survey', questions } }) },
    'questionnaires.update': { build: async (s) => ({ body: { appId: s.a.app.appId, questionnaireId: await questionnaire(s), title: 'Renamed', questions } }) },
    'questionnaires.setState': { build: async (s) => ({ body: { appId: s.a.app.appId, questionnaireId: await questionnaire(s), state: 'published' } }) },
    'questionnaires.delete': { build: async (s) => ({ query: { appId: s.a.app.appId, questionnaireId: await questionnaire(s) } }) },
    'questionnaires.results': { build: async (s) => ({ query: { appId: s.a.app.appId, questionnaireId: await questionnaire(s, 'published') } }) },
    'questionnaires.export': { build: async (s) => ({ query: { appId: s.a.app.appId, questionnaireId: await questionnaire(s, 'closed') } }) },
    'questionnaires.public': {
      build: async (s) => ({ params: { questionnaireId: await questionnaire(s, 'published') } }),
      reveals: (s) => ({ values: [s.marker, s.marker.replace('A-SECRET-', '')], why: "a published questionnaire is public: its respondents read its title (the marker is in it)" }),
    },
    'questionnaires.answer': { build: async (s) => ({ params: { questionnaireId: await questionnaire(s, 'published') }, body: { respondentToken: `matrix-${Math.random().toString(36).slice(2)}`, answers: { q1: 'a' } } }) },
    'questionnaires.forApp': {
      build: async (s) => (await questionnaire(s, 'published'), { headers: await appHeaders(s.a.holder, s.a.app.appId) }),
      reveals: (s) => ({ values: [s.marker, s.marker.replace('A-SECRET-', '')], why: "the app's own published questionnaires, for its users to answer" }),
    },
  };
}
