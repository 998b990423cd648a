import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { email } from '../auth/schemas';

const PREFIX = 'operator/v1';
export const OPERATOR_ROLES = ['reviewer', 'support', 'admin'] as const;
export const operatorRole = z.enum(OPERATOR_ROLES);

export const operatorList = defineEndpoint({
  id: 'operator.list',
  method: 'GET',
  prefix: PREFIX,
  path: '/operators',
  access: 'operator:admin',
  summary: 'Platform operators and their roles',
  response: okResponse({
    items: z.array(z.object({ userId: z.string(), email: z.string(), displayName: z.string(), roles: z.array(operatorRole) })),
  }),
});

export const grantOperatorRole = defineEndpoint({
  id: 'operator.grant',
  method: 'POST',
  prefix: PREFIX,
  path: '/operator',
  access: 'operator:admin',
  summary: 'Grant an operator role (reviewer, support or admin) to an existing account',
  body: z.object({ email, role: operatorRole }),
  response: okResponse({ userId: z.string() }),
});

export const revokeOperatorRole = defineEndpoint({
  id: 'operator.revoke',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/operator/:userId/:role',
  access: 'operator:admin',
  summary: 'Take an operator role away (the last administrator keeps theirs)',
  params: z.object({ userId: z.uuid(), role: operatorRole }),
  response: okResponse({}),
});
