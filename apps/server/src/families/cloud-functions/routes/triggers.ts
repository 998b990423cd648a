import type { FastifyInstance } from 'fastify';
import { cloudFunctionsApi as api } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { CloudFunctionsServices } from './context';

/** A function's triggers and the runs they asked for, and its alarms. */
export function triggerRoutes(app: FastifyInstance, { triggers, alarms }: CloudFunctionsServices): void {
  registerEndpoint(app, api.listAlarms, async ({ query }) => alarms.list(query.projectId, query.functionId));
  registerEndpoint(app, api.createAlarm, async ({ caller, query, body }) => alarms.create(caller, query.projectId, query.functionId, body));
  registerEndpoint(app, api.updateAlarm, async ({ caller, query, body }) => alarms.update(caller, query.projectId, query.functionId, query.alarmId, body));
  registerEndpoint(app, api.deleteAlarm, async ({ caller, query }) => alarms.remove(caller, query.projectId, query.functionId, query.alarmId));
  registerEndpoint(app, api.listTriggers, async ({ query }) => triggers.list(query.projectId, query.functionId));
  registerEndpoint(app, api.createTrigger, async ({ caller, query, body }) => triggers.create(caller, query.projectId, query.functionId, body));
  registerEndpoint(app, api.updateTrigger, async ({ caller, query, body }) => triggers.update(caller, query.projectId, query.functionId, query.triggerId, body));
  registerEndpoint(app, api.deleteTrigger, async ({ caller, query }) => triggers.remove(caller, query.projectId, query.functionId, query.triggerId));
  registerEndpoint(app, api.listTriggerRuns, async ({ query }) => triggers.runs(query));
  registerEndpoint(app, api.replayTriggerRun, async ({ caller, query }) => triggers.replay(caller, query.projectId, query.functionId, query.runId));
}
