import { z } from 'zod';
import { LOGIN_DEFAULTS } from '@wharf/rules';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { loginResult } from './schemas';

export const login = defineEndpoint({
  id: 'auth.login',
  method: 'POST',
  prefix: 'oauth2/v1',
  path: '/login',
  access: 'anonymous',
  summary: 'Sign in with email and password',
  body: z.object({
    email: z.string().trim().toLowerCase().min(1).max(254),
    password: z.string().min(1).max(200),
    clientId: z.number().int().default(LOGIN_DEFAULTS.clientId),
    loginChannel: z.number().int().default(LOGIN_DEFAULTS.loginChannel),
    clientType: z.number().int().default(LOGIN_DEFAULTS.clientType),
    /** The random login state of the sign-in redirect; echoed in redirectUri to be checked. */
    state: z.number().int().min(0).optional(),
    /** Where the console goes after signing in: a path or hash of this console only. */
    redirect: z.string().max(2000).optional(),
  }),
  response: okResponse(loginResult),
});
