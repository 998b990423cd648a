import type { FastifyInstance } from 'fastify';
import { cloudDbApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { CloudDbServices } from './context';

/** The console's calls: a project's object types, zones and schema file. */
export function consoleRoutes(app: FastifyInstance, { schema }: CloudDbServices): void {
  registerEndpoint(app, cloudDbApi.listObjectTypes, ({ caller }) => schema.list(caller.projectId!));
  registerEndpoint(app, cloudDbApi.createObjectType, ({ caller, body }) => schema.create(caller, caller.projectId!, body));
  registerEndpoint(app, cloudDbApi.updateObjectType, ({ caller, params, body }) => schema.update(caller, caller.projectId!, params.objectTypeName, body));
  registerEndpoint(app, cloudDbApi.deleteObjectType, ({ caller, params }) => schema.delete(caller, caller.projectId!, params.objectTypeName));
  registerEndpoint(app, cloudDbApi.setSecurityRules, ({ caller, params, body }) => schema.setRules(caller, caller.projectId!, params.objectTypeName, body.rules, body.revision));
  registerEndpoint(app, cloudDbApi.testSecurityRules, ({ caller, params, body }) => schema.testRules(caller.projectId!, params.objectTypeName, body.rules, body.cases));
  registerEndpoint(app, cloudDbApi.exportSchema, ({ caller, query }) => {
    const names = query.objectTypes?.split(',').map((n) => n.trim()).filter(Boolean);
    return schema.exportFile(caller.projectId!, names?.length ? names : null);
  });
  registerEndpoint(app, cloudDbApi.importSchema, ({ caller, body }) => schema.importFile(caller, caller.projectId!, body));
  registerEndpoint(app, cloudDbApi.createZone, ({ caller, body }) => schema.createZone(caller, caller.projectId!, body.zoneName, body.retentionDays));
  registerEndpoint(app, cloudDbApi.setZoneRetention, ({ caller, params, body }) => schema.setRetention(caller, caller.projectId!, params.zoneName, body.retentionDays));
  registerEndpoint(app, cloudDbApi.deleteZone, ({ caller, params }) => schema.deleteZone(caller, caller.projectId!, params.zoneName));
}
