import { useInfiniteQuery } from '@tanstack/react-query';
import { teamApi, type QueryOf } from '@wharf/contract';
import { escapeCsvValue } from '@wharf/rules';
import { callEndpoint } from '../../request/call';
import { teamKeys } from './keys';
import { useTeamId } from './hooks';

export type AuditEvent = teamApi.AuditEventOut;
export interface AuditFilter {
  action?: string;
  from?: string;
  to?: string;
}

type AuditQuery = QueryOf<typeof teamApi.auditEventList>;

function queryOf(filter: AuditFilter, cursor: string | undefined, pageSize: number): AuditQuery {
  return { pageSize, cursor, action: filter.action || undefined, from: filter.from, to: filter.to } as AuditQuery;
}

/** The team's audit log, newest first, a page at a time. */
export function useAuditLog(filter: AuditFilter, enabled: boolean) {
  const teamId = useTeamId();
  return useInfiniteQuery({
    queryKey: teamKeys.audit(teamId, filter),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => callEndpoint(teamApi.auditEventList, { query: queryOf(filter, pageParam, 50), signal }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: enabled && Boolean(teamId),
  });
}

/** An export stops here: a bigger one should use a narrower time window. */
export const AUDIT_EXPORT_MAX = 10_000;

/**
 * Every event matching the filter (up to AUDIT_EXPORT_MAX), fetched page by page with the
 * count so far reported, as CSV text. Values go through the rules library's CSV escaping,
 * so a cell such as `=cmd()` can never run as a formula in a spreadsheet.
 */
export async function exportAuditCsv(filter: AuditFilter, header: readonly string[], onProgress: (rows: number) => void, signal?: AbortSignal): Promise<{ csv: string; rows: number; truncated: boolean }> {
  const lines = [header.map(escapeCsvValue).join(',')];
  let cursor: string | undefined;
  let rows = 0;
  do {
    const page = await callEndpoint(teamApi.auditEventList, { query: queryOf(filter, cursor, 100), signal });
    for (const e of page.items) {
      if (rows >= AUDIT_EXPORT_MAX) return { csv: lines.join('\r\n'), rows, truncated: true };
      const actor = e.actorEmail ?? e.actorId ?? e.actorKind;
      lines.push([e.at, actor, e.action, e.targetType ?? '', e.targetId ?? '', e.ip ?? '', JSON.stringify(e.data)].map(escapeCsvValue).join(','));
      rows += 1;
    }
    onProgress(rows);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return { csv: lines.join('\r\n'), rows, truncated: false };
}
