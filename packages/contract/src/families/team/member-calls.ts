import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { email } from '../auth/schemas';
import { assignment, invitation, member } from './schemas';

const PREFIX = 'user-permission-service/v1';

export const createSubUser = defineEndpoint({
  id: 'team.createSubUser',
  method: 'POST',
  prefix: PREFIX,
  path: '/sub-user',
  access: 'team:team.members.manage',
  summary: 'Invite a member by email with roles; they accept with the emailed link',
  body: assignment.extend({ email }),
  response: okResponse({ invitation }),
});

export const invitationList = defineEndpoint({
  id: 'team.invitationList',
  method: 'GET',
  prefix: PREFIX,
  path: '/invitation/list',
  access: 'team:team.members.manage',
  summary: 'Invitations not yet accepted',
  response: okResponse({ items: z.array(invitation) }),
});

export const revokeInvitation = defineEndpoint({
  id: 'team.revokeInvitation',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/invitation/:invitationId',
  access: 'team:team.members.manage',
  summary: 'Withdraw an invitation',
  params: z.object({ invitationId: z.uuid() }),
  response: okResponse({}),
});

export const getInvitation = defineEndpoint({
  id: 'team.getInvitation',
  method: 'GET',
  prefix: PREFIX,
  path: '/invitation',
  access: 'anonymous',
  summary: 'What an invitation link offers (team, inviter, roles), for its accept page',
  query: z.object({ token: z.string().min(20).max(200) }),
  response: okResponse({
    teamName: z.string(),
    invitedBy: z.string(),
    email: z.string(),
    roles: z.array(z.string()),
    state: z.enum(['open', 'accepted', 'expired', 'revoked']),
    accountExists: z.boolean(),
  }),
});

export const acceptInvitation = defineEndpoint({
  id: 'team.acceptInvitation',
  method: 'POST',
  prefix: PREFIX,
  path: '/invitation/accept',
  access: 'session',
  summary: 'Join the team of an invitation (signed in with the invited email)',
  body: z.object({ token: z.string().min(20).max(200) }),
  response: okResponse({ teamId: z.string() }),
});

export const updateMember = defineEndpoint({
  id: 'team.updateMember',
  method: 'PUT',
  prefix: PREFIX,
  path: '/member/:userId',
  access: 'team:team.members.manage',
  summary: "Change a member's roles, app scope or expiry",
  params: z.object({ userId: z.uuid() }),
  body: assignment,
  response: okResponse({ member }),
});

export const removeMember = defineEndpoint({
  id: 'team.removeMember',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/member/:userId',
  access: 'team:team.members.manage',
  summary: 'Remove a member (never the account holder)',
  params: z.object({ userId: z.uuid() }),
  response: okResponse({}),
});
