import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';

/** Works with an expired session too: it revokes what is there and clears the cookies. */
export const logout = defineEndpoint({
  id: 'auth.logout',
  method: 'POST',
  prefix: 'oauth2/v1',
  path: '/logout',
  access: 'session',
  sessionGrace: true,
  summary: 'Sign out: revokes the session and clears the cookies',
  response: okResponse({}),
});
