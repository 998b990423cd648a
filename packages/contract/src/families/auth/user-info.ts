import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { teamSummary } from './schemas';

export const userInfo = defineEndpoint({
  id: 'auth.userInfo',
  method: 'GET',
  prefix: 'userInfo/v3',
  path: '/token',
  access: 'session',
  sessionGrace: true,
  summary: 'The signed-in user, their account status and teams',
  response: okResponse({
    userId: z.string(),
    email: z.string(),
    displayName: z.string(),
    /** 1 normal; 6 must sign in again (ACCOUNT_STATUS_FORCE_RELOGIN). */
    accountStatus: z.number().int(),
    userType: z.number().int(),
    language: z.enum(['cn', 'en', 'ru']).nullable(),
    countryCode: z.string().nullable(),
    currentTeamId: z.string(),
    teams: z.array(teamSummary),
    operatorRoles: z.array(z.enum(['reviewer', 'support', 'admin'])),
    greyFlag: z.boolean(),
  }),
});
