import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { email, password } from './schemas';

/** Always answers success, so it cannot be used to learn which emails have accounts. */
export const requestPasswordReset = defineEndpoint({
  id: 'auth.requestPasswordReset',
  method: 'POST',
  prefix: 'oauth2/v1',
  path: '/password/reset-request',
  access: 'anonymous',
  summary: 'Send a one-time password-reset link',
  body: z.object({ email, language: z.enum(['cn', 'en', 'ru']).optional() }),
  response: okResponse({}),
});

export const resetPassword = defineEndpoint({
  id: 'auth.resetPassword',
  method: 'POST',
  prefix: 'oauth2/v1',
  path: '/password/reset',
  access: 'anonymous',
  summary: 'Set a new password with a reset link; signs out every session',
  body: z.object({ token: z.string().min(20).max(200), password }),
  response: okResponse({}),
});
