import type { FastifyInstance } from 'fastify';
import { cloudDbApi } from '@wharf/contract';
import type { Deps } from '../../../platform/deps';
import type { Caller } from '../../../platform/http/access';
import { registerEndpoint, sendTrusted } from '../../../platform/http/register';
import { adminWriteAudit } from '../admin-audit';
import type { ServerReach } from '../server-reach';
import type { CloudDbServices } from './context';

const ADMIN = { kind: 'admin' } as const;

/**
 * The server SDK's calls: an administrator API client of the project's team acts as the
 * project (Administrator role; rules do not apply). Writes go to the team's audit log in
 * their own transaction; reads do not.
 */
export function serverRoutes(app: FastifyInstance, deps: Pick<Deps, 'clock'>, reach: ServerReach, { documents, commit }: CloudDbServices): void {
  const at = async (caller: Caller, p: { projectId: string; zoneName: string; objectTypeName: string }) => {
    await reach.check(caller, p.projectId);
    return documents.target(p.projectId, p.zoneName, p.objectTypeName);
  };
  const audited = (caller: Caller, p: { projectId: string; zoneName: string; objectTypeName?: string }, op: string, n: number) => adminWriteAudit(deps, caller, p, op, n);

  registerEndpoint(app, cloudDbApi.serverUpsert, async ({ caller, params, body, reply }) =>
    sendTrusted(reply, cloudDbApi.serverUpsert, await documents.upsert(await at(caller, params), ADMIN, body.objects, audited(caller, params, 'upsert', body.objects.length))));
  registerEndpoint(app, cloudDbApi.serverDelete, async ({ caller, params, body }) => documents.delete(await at(caller, params), ADMIN, body.objects, audited(caller, params, 'delete', body.objects.length)));
  registerEndpoint(app, cloudDbApi.serverQuery, async ({ caller, params, body, reply }) => sendTrusted(reply, cloudDbApi.serverQuery, await documents.query(await at(caller, params), ADMIN, body)));
  registerEndpoint(app, cloudDbApi.serverAggregate, async ({ caller, params, body }) => documents.aggregate(await at(caller, params), ADMIN, body.where, body.aggregate, body.field));
  registerEndpoint(app, cloudDbApi.serverCommit, async ({ caller, params, body }) => {
    await reach.check(caller, params.projectId);
    const n = body.writes.reduce((sum, w) => sum + w.objects.length, 0);
    return commit.commit(params.projectId, params.zoneName, ADMIN, body, audited(caller, params, 'commit', n));
  });
}
