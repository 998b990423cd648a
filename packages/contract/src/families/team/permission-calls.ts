import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { listQuery, listShape } from '../../kit/list';
import { PERMISSIONS } from '../../kit/permissions';
import { member, permissionName, role } from './schemas';

const PREFIX = 'user-permission-service/v1';

export const userPermission = defineEndpoint({
  id: 'team.userPermission',
  method: 'GET',
  prefix: PREFIX,
  path: '/user-permission',
  access: 'team:team.read',
  summary: "The caller's permissions in the current team (name to Y or N) and roles",
  response: okResponse({
    teamId: z.string(),
    // Every permission by name: an object of known keys, which zod checks in compiled code
    // (a record is walked key by key, and this answer goes out on every console page load).
    userPermission: z.object(Object.fromEntries(PERMISSIONS.map((p) => [p, z.enum(['Y', 'N'])])) as Record<(typeof PERMISSIONS)[number], z.ZodEnum<{ Y: 'Y'; N: 'N' }>>),
    userRoles: z.array(z.object({ key: z.string(), name: z.string(), builtIn: z.boolean() })),
    appIds: z.array(z.string()),
    isTeamLeader: z.boolean(),
    teamUserType: z.number().int(),
  }),
});

export const roleList = defineEndpoint({
  id: 'team.roleList',
  method: 'GET',
  prefix: PREFIX,
  path: '/role-list',
  access: 'team:team.read',
  summary: 'Built-in and custom roles of the team with their permissions',
  response: okResponse({ roles: z.array(role) }),
});

export const membersRoleList = defineEndpoint({
  id: 'team.membersRoleList',
  method: 'GET',
  prefix: PREFIX,
  path: '/members-role-list',
  access: 'team:team.members.manage',
  summary: 'Members of the team with their roles and expiry',
  query: listQuery.extend({ search: z.string().trim().max(100).optional() }),
  response: okResponse(listShape(member)),
});

const roleBody = z.object({
  name: z.string().trim().min(1).max(50),
  permissions: z.array(permissionName).min(1),
});

export const createRole = defineEndpoint({
  id: 'team.createRole',
  method: 'POST',
  prefix: PREFIX,
  path: '/role',
  access: 'team:team.roles.manage',
  summary: 'Create a custom role',
  body: roleBody,
  response: okResponse({ role }),
});

export const updateRole = defineEndpoint({
  id: 'team.updateRole',
  method: 'PUT',
  prefix: PREFIX,
  path: '/role/:roleId',
  access: 'team:team.roles.manage',
  summary: 'Rename a custom role or change its permissions',
  params: z.object({ roleId: z.uuid() }),
  body: roleBody,
  response: okResponse({ role }),
});

export const deleteRole = defineEndpoint({
  id: 'team.deleteRole',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/role/:roleId',
  access: 'team:team.roles.manage',
  summary: 'Delete a custom role no member holds',
  params: z.object({ roleId: z.uuid() }),
  response: okResponse({}),
});
