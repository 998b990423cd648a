import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { zoneName } from '../console';
import { countryCode, displayName, email, loginResult, password } from './schemas';

export const register = defineEndpoint({
  id: 'auth.register',
  method: 'POST',
  prefix: 'oauth2/v1',
  path: '/register',
  access: 'anonymous',
  summary: 'Sign up: creates the account and its personal team, and signs in',
  body: z.object({
    email,
    password,
    displayName,
    countryCode: countryCode.optional(),
    /** Without one, the team's zone follows its country. */
    zone: zoneName.optional(),
    language: z.enum(['cn', 'en', 'ru']).optional(),
  }),
  response: okResponse(loginResult),
});
