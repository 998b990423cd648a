import type { FastifyInstance } from 'fastify';
import { appLinksApi as api } from '@wharf/contract';
import { countryOfAcceptLanguage } from '../../../platform/http/accept-language';
import { registerEndpoint } from '../../../platform/http/register';
import type { AppLinksServices } from './context';

/** An app's calls with its app key: what link brought it, at first open and later. */
export function clientRoutes(app: FastifyInstance, s: AppLinksServices): void {
  const country = (h: string | string[] | undefined, language?: string) => countryOfAcceptLanguage(language ?? (typeof h === 'string' ? h : undefined)) ?? 'ZZ';
  registerEndpoint(app, api.claimDeferredLink, ({ caller, body, req }) => s.claims.claim(caller, req.ip, body, country(req.headers['accept-language'], body.language)));
  registerEndpoint(app, api.resolveLink, ({ caller, body, req }) => s.claims.resolve(caller, body.url, country(req.headers['accept-language'])));
}
