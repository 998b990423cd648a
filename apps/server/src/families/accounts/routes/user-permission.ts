import type { FastifyInstance } from 'fastify';
import { teamApi } from '@wharf/contract';
import { prepareAnswer, registerEndpoint, sendPrepared } from '../../../platform/http/register';
import type { AccountsServices } from './context';

export function userPermissionRoute(app: FastifyInstance, s: AccountsServices): void {
  registerEndpoint(app, teamApi.userPermission, async ({ caller, reply }) =>
    // One answer object per cached session: serialised once (see TeamsService.userPermission).
    sendPrepared(reply, prepareAnswer(teamApi.userPermission, await s.teams.userPermission(caller))),
  );
}
