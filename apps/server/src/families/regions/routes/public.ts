import type { FastifyInstance } from 'fastify';
import { regionApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { RegionsServices } from './context';

/** Calls without an account: the store's pages and what devices fetch by link. */
export function publicRoutes(app: FastifyInstance, { regions: s }: RegionsServices): void {
  registerEndpoint(app, regionApi.regionNames, async ({ query, req }) => s.names(query.lang ?? (messageLanguage(req) === 'zh' ? 'cn' : 'en')));
}
