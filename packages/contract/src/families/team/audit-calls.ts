import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { listQuery, listShape } from '../../kit/list';

export const auditEvent = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  actorKind: z.string(),
  actorId: z.string().nullable(),
  /** Display name and email of a user actor, when the account still exists. */
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  /** The address the change came from (null for scheduled work). */
  ip: z.string().nullable(),
});
export type AuditEventOut = z.infer<typeof auditEvent>;

export const auditEventList = defineEndpoint({
  id: 'team.auditEvents',
  method: 'GET',
  prefix: 'user-permission-service/v1',
  path: '/audit-events',
  access: 'team:team.audit.read',
  summary: "The team's audit log, newest first: who did what, when, from where",
  query: listQuery.extend({
    action: z.string().trim().min(1).max(100).optional(),
    actorId: z.uuid().optional(),
    from: z.iso.datetime().optional(),
    to: z.iso.datetime().optional(),
  }),
  response: okResponse(listShape(auditEvent)),
});
