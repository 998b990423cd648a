import { z } from 'zod';
import { isEmailAddress, TEST_DEVELOPER_ACTIONS, TEST_STATES, TESTING_LIMITS } from '@wharf/rules';
import { refused } from '../../kit/field-errors';

export const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .refine((s) => isEmailAddress(s), refused('emailAddress'));

export const groupName = z.string().trim().min(1).max(TESTING_LIMITS.groupName);

export const testGroup = z.object({
  groupId: z.string(),
  name: z.string(),
  memberCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TestGroup = z.infer<typeof testGroup>;

export const TESTER_SOURCES = ['manual', 'csv', 'invitation'] as const;

export const tester = z.object({
  testerId: z.string(),
  groupId: z.string(),
  /** Null for a tester who joined by code without giving an address. */
  email: z.string().nullable(),
  name: z.string().nullable(),
  source: z.enum(TESTER_SOURCES),
  /** When they took a tester token (joined on the open-test page); null while only listed. */
  joinedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Tester = z.infer<typeof tester>;

export const INVITATION_STATES = ['active', 'expired', 'full'] as const;

export const testInvitation = z.object({
  invitationId: z.string(),
  groupId: z.string(),
  code: z.string(),
  /** The open-test page with the code: what is shared. */
  link: z.string(),
  state: z.enum(INVITATION_STATES),
  admissions: z.number().int(),
  maxAdmissions: z.number().int(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type TestInvitation = z.infer<typeof testInvitation>;

export const TEST_KINDS = ['open', 'invited'] as const;

export const testVersion = z.object({
  testVersionId: z.string(),
  appId: z.string(),
  name: z.string(),
  kind: z.enum(TEST_KINDS),
  state: z.enum(TEST_STATES),
  /** The state's name in the caller's language. */
  stateName: z.string(),
  pkgId: z.string().nullable(),
  versionCode: z.number().int().nullable(),
  versionName: z.string().nullable(),
  groupIds: z.array(z.string()),
  startAt: z.string(),
  endAt: z.string(),
  installCap: z.number().int(),
  installs: z.number().int(),
  downloads: z.number().int(),
  /** The buttons the state allows now. */
  allowedActions: z.array(z.enum(TEST_DEVELOPER_ACTIONS)),
  rejection: z.object({ reasons: z.array(z.string()), comment: z.string().nullable(), at: z.string() }).nullable(),
  endedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TestVersion = z.infer<typeof testVersion>;

/** What a tester sees on the open-test page: no team, no member list, only the test. */
export const openTestListing = z.object({
  appName: z.string(),
  packageName: z.string(),
  iconUrl: z.string().nullable(),
  tests: z.array(
    z.object({
      testVersionId: z.string(),
      name: z.string(),
      versionCode: z.number().int(),
      versionName: z.string().nullable(),
      state: z.enum(['waiting', 'testing']),
      startAt: z.string(),
      endAt: z.string(),
      size: z.number().int(),
      sha256: z.string(),
      /** Needs the tester token (query `testerToken`); null before joining. */
      downloadUrl: z.string().nullable(),
      full: z.boolean(),
    }),
  ),
});
export type OpenTestListing = z.infer<typeof openTestListing>;
