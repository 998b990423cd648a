import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { zoneName } from '../console';
import { countryCode, developerUserInfo, teamSummary } from '../auth/schemas';

const PREFIX = 'user-permission-service/v1';

export const teamList = defineEndpoint({
  id: 'team.teamList',
  method: 'GET',
  prefix: PREFIX,
  path: '/team/list',
  access: 'session',
  summary: 'Teams the signed-in user belongs to',
  response: okResponse({ items: z.array(teamSummary), currentTeamId: z.string() }),
});

export const switchTeam = defineEndpoint({
  id: 'team.switchTeam',
  method: 'PUT',
  prefix: PREFIX,
  path: '/team/switch',
  access: 'session',
  summary: 'Make another of my teams the current one',
  body: z.object({ teamId: z.uuid() }),
  response: okResponse({ teamId: z.string(), siteId: z.number().int(), userInfo: developerUserInfo }),
});

export const createMainUser = defineEndpoint({
  id: 'team.createMainUser',
  method: 'POST',
  prefix: PREFIX,
  path: '/main-user',
  access: 'session',
  summary: 'Create a company team with the caller as its account holder',
  body: z.object({
    name: z.string().trim().min(1).max(100),
    countryCode: countryCode.optional(),
    zone: zoneName.optional(),
  }),
  response: okResponse({ team: teamSummary }),
});
