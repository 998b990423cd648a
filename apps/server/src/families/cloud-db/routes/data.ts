import type { FastifyInstance } from 'fastify';
import { cloudDbApi } from '@wharf/contract';
import type { Deps } from '../../../platform/deps';
import type { Caller } from '../../../platform/http/access';
import { registerEndpoint } from '../../../platform/http/register';
import { adminWriteAudit } from '../admin-audit';
import type { CloudDbServices } from './context';

/** The console's data view: the project's documents, read and changed as its Administrator role. */
export function dataRoutes(app: FastifyInstance, deps: Pick<Deps, 'clock'>, { documents, transfers }: CloudDbServices): void {
  const at = (caller: Caller, p: { zoneName: string; objectTypeName: string }) => documents.target(caller.projectId!, p.zoneName, p.objectTypeName);
  const audited = (caller: Caller, p: { zoneName: string; objectTypeName: string }, op: string, n: number) => adminWriteAudit(deps, caller, { projectId: caller.projectId!, ...p }, op, n);
  registerEndpoint(app, cloudDbApi.browseObjects, async ({ caller, params, body }) => documents.browse(await at(caller, params), body));
  registerEndpoint(app, cloudDbApi.writeObjects, async ({ caller, params, body }) =>
    documents.upsert(await at(caller, params), { kind: 'admin' }, body.objects, audited(caller, params, 'upsert', body.objects.length)));
  registerEndpoint(app, cloudDbApi.startImport, async ({ caller, params, body }) => transfers.start(caller, await at(caller, params), 'import', body.format, body.objectId));
  registerEndpoint(app, cloudDbApi.startExport, async ({ caller, params, body }) => transfers.start(caller, await at(caller, params), 'export', body.format));
  registerEndpoint(app, cloudDbApi.listTransfers, ({ caller }) => transfers.list(caller.projectId!));
  registerEndpoint(app, cloudDbApi.removeObjects, async ({ caller, params, body }) =>
    documents.delete(await at(caller, params), { kind: 'admin' }, body.objects, audited(caller, params, 'delete', body.objects.length)));
}
