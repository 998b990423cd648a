import type { FastifyInstance } from 'fastify';
import { cloudDbApi } from '@wharf/contract';
import type { Caller } from '../../../platform/http/access';
import { registerEndpoint, sendTrusted } from '../../../platform/http/register';
import type { Actor } from '../access';
import type { CloudDbServices } from './context';

const actorOf = (caller: Caller): Actor => (caller.appUserId ? { kind: 'user', userId: caller.appUserId, anonymous: caller.appUserAnonymous } : { kind: 'world' });

/** What apps call on devices, with their key and, when signed in, the app user's token. */
export function clientRoutes(app: FastifyInstance, { documents, live, commit }: CloudDbServices): void {
  const at = async (caller: Caller, p: { zoneName: string; objectTypeName: string }) => documents.target(caller.projectId!, p.zoneName, p.objectTypeName);
  registerEndpoint(app, cloudDbApi.upsertObjects, async ({ caller, params, body, reply }) => sendTrusted(reply, cloudDbApi.upsertObjects, await documents.upsert(await at(caller, params), actorOf(caller), body.objects)));
  registerEndpoint(app, cloudDbApi.deleteObjects, async ({ caller, params, body }) => documents.delete(await at(caller, params), actorOf(caller), body.objects));
  registerEndpoint(app, cloudDbApi.queryObjects, async ({ caller, params, body, reply }) => sendTrusted(reply, cloudDbApi.queryObjects, await documents.query(await at(caller, params), actorOf(caller), body)));
  registerEndpoint(app, cloudDbApi.commitObjects, async ({ caller, params, body }) => commit.commit(caller.projectId!, params.zoneName, actorOf(caller), body));
  registerEndpoint(app, cloudDbApi.aggregateObjects, async ({ caller, params, body }) =>
    documents.aggregate(await at(caller, params), actorOf(caller), body.where, body.aggregate, body.field));
  registerEndpoint(app, cloudDbApi.listenObjects, async ({ caller, params, body, req, reply }) => {
    const { since, timeoutSeconds, ...query } = body;
    return live.listen(await at(caller, params), actorOf(caller), query, since, timeoutSeconds, req, reply);
  });
}
