import type { teamApi } from '@wharf/contract';
import { auditCount, auditPage, type AuditFilter } from '../../../platform/audit';
import type { Deps } from '../../../platform/deps';
import { decodeCursor, pageOf } from '../../../platform/http/cursor';
import type { Caller } from '../../../platform/http/access';
import { usersRepo } from '../repo/users';

interface AuditQuery {
  pageSize: number;
  cursor?: string | undefined;
  withTotal: boolean;
  action?: string | undefined;
  actorId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** The team's audit log for its administrators, with the actors' names filled in. */
export class AuditLogService {
  constructor(private readonly deps: Pick<Deps, 'db'>) {}

  async list(caller: Caller, q: AuditQuery) {
    const { db } = this.deps;
    const teamId = caller.teamId!;
    const filter: AuditFilter = {
      action: q.action,
      actorId: q.actorId,
      from: q.from ? new Date(q.from) : undefined,
      to: q.to ? new Date(q.to) : undefined,
    };
    const rows = await auditPage(db, teamId, filter, q.pageSize + 1, q.cursor ? decodeCursor(q.cursor) : undefined);
    const { page, nextCursor } = pageOf(rows, q.pageSize, (r) => ({ at: r.at, id: String(r.id) }));
    const actorIds = [...new Set(page.filter((r) => r.actorKind === 'user' || r.actorKind === 'operator').flatMap((r) => (r.actorId ? [r.actorId] : [])))];
    const actors = new Map((await usersRepo.byIds(db, actorIds)).map((u) => [u.id, u]));
    const items: teamApi.AuditEventOut[] = page.map((r) => {
      const actor = r.actorId ? actors.get(r.actorId) : undefined;
      return {
        id: String(r.id),
        at: r.at.toISOString(),
        action: r.action,
        actorKind: r.actorKind,
        actorId: r.actorId,
        actorName: actor?.displayName ?? null,
        actorEmail: actor?.email ?? null,
        targetType: r.targetType,
        targetId: r.targetId,
        data: r.data,
        ip: r.ip,
      };
    });
    return { items, nextCursor, ...(q.withTotal ? { total: await auditCount(db, teamId, filter) } : {}) };
  }
}
