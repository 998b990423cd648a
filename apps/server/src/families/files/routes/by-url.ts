import type { FastifyInstance } from 'fastify';
import { fileApi } from '@wharf/contract';
import { notFound } from '../../../platform/http/errors';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import { filesRepo } from '../repo';
import { fileOut } from '../service';
import type { FilesServices } from './context';

export function byUrlRoutes(app: FastifyInstance, { byUrl: uploads, db }: FilesServices): void {
  registerEndpoint(app, fileApi.uploadByUrl, async ({ caller, body }) => ({ objectId: await uploads.start(caller, body), state: 'uploading' as const }));
  registerEndpoint(app, fileApi.asyncCheck, async ({ caller, query, req }) => {
    const row = await filesRepo.byId(db, query.objectId);
    if (!row || row.teamId !== caller.teamId) throw notFound();
    const state = row.state as 'uploading' | 'ready' | 'failed';
    return { state, reason: row.failureReason?.[messageLanguage(req)] ?? null, object: state === 'ready' ? fileOut(row) : null };
  });
}
