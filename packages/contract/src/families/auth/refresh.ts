import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { loginResult } from './schemas';

/** Allowed between the nominal and the real expiry; renews the nominal one. */
export const refresh = defineEndpoint({
  id: 'auth.refresh',
  method: 'POST',
  prefix: 'oauth2/v1',
  path: '/refresh',
  access: 'session',
  sessionGrace: true,
  summary: 'Refresh the session token (needs the session cookie and the CSRF header)',
  response: okResponse(loginResult),
});
