import { z } from 'zod';
import { TESTING_LIMITS } from '@wharf/rules';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { listQuery, listShape } from '../../kit/list';
import { email, groupName, tester, testGroup, testInvitation } from './schemas';

/** Test-user groups and invitations (AppGallery Connect's "bts" service). */
const PREFIX = 'bts/v1';
const groupRef = z.object({ groupId: z.uuid() });
const emails = z.array(email).min(1).max(TESTING_LIMITS.emailsPerCall);

export const createGroup = defineEndpoint({
  id: 'testing.createGroup',
  method: 'POST',
  prefix: PREFIX,
  path: '/test-user/group',
  access: 'team:test.manage',
  summary: 'Create a test-user group (up to 300 per team; names unique in the team)',
  body: z.object({ name: groupName }),
  response: okResponse({ group: testGroup }),
});

export const renameGroup = defineEndpoint({
  id: 'testing.renameGroup',
  method: 'PUT',
  prefix: PREFIX,
  path: '/test-user/group',
  access: 'team:test.manage',
  summary: 'Rename a test-user group',
  body: groupRef.extend({ name: groupName }),
  response: okResponse({ group: testGroup }),
});

export const deleteGroup = defineEndpoint({
  id: 'testing.deleteGroup',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/test-user/group',
  access: 'team:test.manage',
  summary: 'Delete a group with its testers and invitations; refused while a test version not yet ended names it',
  query: groupRef,
  response: okResponse({}),
});

export const groupList = defineEndpoint({
  id: 'testing.groupList',
  method: 'GET',
  prefix: PREFIX,
  path: '/test-user/group/list',
  access: 'team:test.manage',
  summary: "The team's test-user groups with their member counts, newest first",
  query: listQuery,
  response: okResponse(listShape(testGroup)),
});

export const addMembers = defineEndpoint({
  id: 'testing.addMembers',
  method: 'POST',
  prefix: PREFIX,
  path: '/test-user/group/member',
  access: 'team:test.manage',
  summary: 'Add testers by email (up to 100 per call); addresses already in the group are skipped',
  body: groupRef.extend({ emails }),
  response: okResponse({ added: z.number().int(), skipped: z.number().int(), group: testGroup }),
});

export const removeMember = defineEndpoint({
  id: 'testing.removeMember',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/test-user/group/member',
  access: 'team:test.manage',
  summary: 'Remove a tester from a group (their tester token stops working for it)',
  query: groupRef.extend({ testerId: z.uuid() }),
  response: okResponse({ group: testGroup }),
});

export const memberList = defineEndpoint({
  id: 'testing.memberList',
  method: 'GET',
  prefix: PREFIX,
  path: '/test-user/group/member/list',
  access: 'team:test.manage',
  summary: "A group's testers, newest first",
  query: listQuery.extend(groupRef.shape),
  response: okResponse(listShape(tester)),
});

/** A CSV of up to 10,000 rows is well under this (254-character addresses and names). */
export const CSV_MAX_CHARS = 4 * 1024 * 1024;

export const importMembers = defineEndpoint({
  id: 'testing.importMembers',
  method: 'POST',
  prefix: PREFIX,
  path: '/test-user/group/member/import',
  access: 'team:test.manage',
  summary: 'Import testers from CSV (email[,name], an optional header row; up to 10,000 rows): bad rows are refused with their line numbers, the others added',
  body: groupRef.extend({ csv: z.string().min(1).max(CSV_MAX_CHARS) }),
  response: okResponse({
    rows: z.number().int(),
    added: z.number().int(),
    skipped: z.number().int(),
    errors: z.array(z.object({ line: z.number().int(), msg: z.string() })),
    group: testGroup,
  }),
});

export const createInvitation = defineEndpoint({
  id: 'testing.createInvitation',
  method: 'POST',
  prefix: PREFIX,
  path: '/test-user/invitation',
  access: 'team:test.manage',
  summary: 'Create an invitation code for a group: valid 30 days, admits up to 10,000 people; its public link carries the code',
  body: groupRef.extend({ maxAdmissions: z.number().int().min(1).max(TESTING_LIMITS.admissionsPerInvitation).default(TESTING_LIMITS.admissionsPerInvitation) }),
  response: okResponse({ invitation: testInvitation }),
});

export const invitationList = defineEndpoint({
  id: 'testing.invitationList',
  method: 'GET',
  prefix: PREFIX,
  path: '/test-user/invitation/list',
  access: 'team:test.manage',
  summary: "A group's invitations, newest first, each active, expired or full",
  query: groupRef,
  response: okResponse({ items: z.array(testInvitation) }),
});

export const expireInvitation = defineEndpoint({
  id: 'testing.expireInvitation',
  method: 'PUT',
  prefix: PREFIX,
  path: '/test-user/invitation/expire',
  access: 'team:test.manage',
  summary: 'End an invitation now: its code admits nobody more',
  body: z.object({ invitationId: z.uuid() }),
  response: okResponse({ invitation: testInvitation }),
});

export const emailInvitation = defineEndpoint({
  id: 'testing.emailInvitation',
  method: 'POST',
  prefix: PREFIX,
  path: '/test-user/invitation/email',
  access: 'team:test.manage',
  summary: "Invite people by email: they join the group's list and get a mail with the link of the group's active invitation (one is created when none is active)",
  body: groupRef.extend({ emails }),
  response: okResponse({ sent: z.number().int(), invitation: testInvitation }),
});
