import type { RemoteTemplate, RemoteVersionSummary } from '@wharf/contract';
import { canonicalJson } from '@wharf/rules';
import type { DraftWithNames, VersionListRow } from './repo';

export const EMPTY_TEMPLATE: RemoteTemplate = Object.freeze({ conditions: [], parameters: [] }) as RemoteTemplate;

export function summaryOut(row: VersionListRow): RemoteVersionSummary {
  return {
    number: row.number,
    publishedAt: row.publishedAt.toISOString(),
    publishedBy: row.publisher,
    origin: row.origin as RemoteVersionSummary['origin'],
    rollbackOf: row.rollbackOf,
    description: row.description,
    requestedBy: row.requester,
    parameters: Number(row.parameters),
    conditions: Number(row.conditions),
  };
}

/** The draft as the console reads it; `live` is the newest published template (null: none yet). */
export function draftOut(row: DraftWithNames | undefined, live: RemoteTemplate | null) {
  const template = row?.template ?? EMPTY_TEMPLATE;
  return {
    template,
    revision: row?.revision ?? 0,
    basedOn: row?.basedOn ?? 0,
    changed: canonicalJson(template) !== canonicalJson(live ?? EMPTY_TEMPLATE),
    updatedAt: row?.updatedAt?.toISOString() ?? null,
    updatedBy: row?.editor ?? null,
    review:
      row && row.reviewRevision !== null && row.reviewRequestedAt
        ? { revision: row.reviewRevision, requestedBy: row.requester, requestedById: row.reviewRequestedBy, requestedAt: row.reviewRequestedAt.toISOString(), description: row.reviewDescription }
        : null,
  };
}
