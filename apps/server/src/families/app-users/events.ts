import { z } from 'zod';
import { defineTopic } from '../../platform/events';

const user = z.object({ projectId: z.string(), appUserId: z.string(), anonymous: z.boolean(), email: z.string().nullable() });

/** An app user signed up (`provider`: anonymous, email, or an identity provider's ID), keyed by the user: for functions' auth triggers and analytics. */
export const appUserCreated = defineTopic('app-users.created', user.extend({ appId: z.string(), provider: z.string() }));
/** An app user was deleted from the console. */
export const appUserDeleted = defineTopic('app-users.deleted', user);
