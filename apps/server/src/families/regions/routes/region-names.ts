import type { FastifyInstance } from 'fastify';
import { regionApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { RegionsService } from '../service';

export function regionNamesRoute(app: FastifyInstance, s: RegionsService): void {
  registerEndpoint(app, regionApi.regionNames, async ({ query, req }) => s.names(query.lang ?? (messageLanguage(req) === 'zh' ? 'cn' : 'en')));
}
