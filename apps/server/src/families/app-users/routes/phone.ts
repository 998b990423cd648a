import type { FastifyInstance } from 'fastify';
import { appUsersApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { AppUsersServices } from './context';

/** Phone numbers (the app's texted codes, the console's countries and usage), and unlinking a way to sign in. */
export function phoneRoutes(app: FastifyInstance, { phone, appUsers, unlink }: AppUsersServices): void {
  registerEndpoint(app, appUsersApi.sendPhoneCode, ({ caller, req, body }) => phone.sendCode(caller, req, body.phone));
  registerEndpoint(app, appUsersApi.signInWithPhone, ({ caller, body }) => phone.signIn(caller, body.phone, body.code));
  registerEndpoint(app, appUsersApi.linkPhone, ({ caller, req, body }) => phone.link(caller, req, body.phone, body.code));
  registerEndpoint(app, appUsersApi.unlinkAppUserMethod, ({ caller, req, body }) => unlink(caller, req, body.provider));
  registerEndpoint(app, appUsersApi.getPhonePolicy, ({ query }) => appUsers.phonePolicy(query.projectId));
  registerEndpoint(app, appUsersApi.setPhonePolicy, ({ caller, query, body }) => appUsers.setPhonePolicy(caller, query.projectId, body.countries));
  registerEndpoint(app, appUsersApi.smsUsage, ({ query }) => appUsers.smsUsage(query.projectId, query.days));
}
