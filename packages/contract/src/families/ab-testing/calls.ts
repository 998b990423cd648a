import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { appQuery, experiment, experimentInput, experimentResults } from './schemas';

/** A/B Testing (AppGallery Connect's `/abt`): experiments on Remote Configuration parameters, judged by App Analytics events. */
const PREFIX = 'abt/v1';
const READ = 'app:app.read';
const MANAGE = 'app:growth.manage';
const one = z.object({ experimentId: z.uuid() });
const revision = z.object({ revision: z.number().int().min(0) });

export const listExperiments = defineEndpoint({
  id: 'abTesting.list',
  method: 'GET',
  prefix: PREFIX,
  path: '/experiments',
  access: READ,
  summary: "The app's experiments, newest first (300 are kept)",
  query: appQuery,
  response: okResponse({ experiments: z.array(experiment) }),
});

export const getExperiment = defineEndpoint({
  id: 'abTesting.get',
  method: 'GET',
  prefix: PREFIX,
  path: '/experiments/:experimentId',
  access: READ,
  summary: 'One experiment',
  params: one,
  query: appQuery,
  response: okResponse({ experiment }),
});

export const createExperiment = defineEndpoint({
  id: 'abTesting.create',
  method: 'POST',
  prefix: PREFIX,
  path: '/experiments',
  access: MANAGE,
  summary: 'Create an experiment as a draft (nothing reaches devices until it starts)',
  query: appQuery,
  body: experimentInput,
  response: okResponse({ experiment }),
});

export const updateExperiment = defineEndpoint({
  id: 'abTesting.update',
  method: 'PUT',
  prefix: PREFIX,
  path: '/experiments/:experimentId',
  access: MANAGE,
  summary: 'Change a draft experiment; refused once it has started, or when another change came first',
  params: one,
  query: appQuery,
  body: experimentInput.extend(revision.shape),
  response: okResponse({ experiment }),
});

export const deleteExperiment = defineEndpoint({
  id: 'abTesting.delete',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/experiments/:experimentId',
  access: MANAGE,
  summary: 'Delete an experiment that is not running',
  params: one,
  query: appQuery,
  response: okResponse({}),
});

export const startExperiment = defineEndpoint({
  id: 'abTesting.start',
  method: 'POST',
  prefix: PREFIX,
  path: '/experiments/:experimentId/start',
  access: MANAGE,
  summary: "Start a draft: targeted instances get their variant's values on their next fetch",
  params: one,
  query: appQuery,
  body: revision,
  response: okResponse({ experiment }),
});

export const stopExperiment = defineEndpoint({
  id: 'abTesting.stop',
  method: 'POST',
  prefix: PREFIX,
  path: '/experiments/:experimentId/stop',
  access: MANAGE,
  summary: 'Stop a running experiment: every instance gets Remote Configuration values again, and the results are frozen',
  params: one,
  query: appQuery,
  body: revision,
  response: okResponse({ experiment }),
});

export const rollOutExperiment = defineEndpoint({
  id: 'abTesting.rollOut',
  method: 'POST',
  prefix: PREFIX,
  path: '/experiments/:experimentId/roll-out',
  access: MANAGE,
  summary: "Make a variant's values the parameters' defaults for everyone: a new Remote Configuration version (or the draft, when the app's changes need a review); stops the experiment",
  params: one,
  query: appQuery,
  body: revision.extend({ variant: z.number().int().min(0) }),
  response: okResponse({ experiment }),
});

export const experimentResultsCall = defineEndpoint({
  id: 'abTesting.results',
  method: 'GET',
  prefix: PREFIX,
  path: '/experiments/:experimentId/results',
  access: 'app:analytics.read',
  summary: 'Per variant: instances exposed, and per metric the figure, the difference from the baseline with its 95% interval, the probability to beat it; the sample ratio check',
  params: one,
  query: appQuery,
  response: okResponse({ results: experimentResults.nullable() }),
});
