import { z } from 'zod';
import { TESTING_LIMITS } from '@wharf/rules';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { TEST_KINDS, testVersion } from './schemas';
import { refused } from '../../kit/field-errors';

const PREFIX = 'amis/version-manage/v1';
const when = z.iso.datetime({ offset: true });

/** Create (no testVersionId) or edit a test version. */
export const openTest = defineEndpoint({
  id: 'testing.openTest',
  method: 'PUT',
  prefix: PREFIX,
  path: '/version/open-test',
  access: 'app:test.manage',
  summary: 'Create or edit a test version: package, groups, start and end time, install cap. A draft or rejected one takes every field; a waiting or testing one only its window and cap',
  body: z
    .object({
      appId: z.uuid(),
      testVersionId: z.uuid().optional(),
      name: z.string().trim().min(1).max(64).optional(),
      kind: z.enum(TEST_KINDS).optional(),
      pkgId: z.uuid().optional(),
      groupIds: z.array(z.uuid()).min(1).max(TESTING_LIMITS.groupsPerTestVersion).optional(),
      startAt: when.optional(),
      endAt: when.optional(),
      installCap: z.number().int().min(1).max(TESTING_LIMITS.installCap).optional(),
    })
    .refine((b) => b.testVersionId !== undefined || (b.name !== undefined && b.pkgId !== undefined && b.groupIds !== undefined && b.startAt !== undefined && b.endAt !== undefined), refused('newTestVersionFields', ['testVersionId'])),
  response: okResponse({ testVersion }),
});

export const TEST_RELEASE_ACTIONS = ['submit', 'withdraw', 'stop'] as const;

export const testRelease = defineEndpoint({
  id: 'testing.testRelease',
  method: 'PUT',
  prefix: PREFIX,
  path: '/version/test-release',
  access: 'app:test.manage',
  summary: 'Submit a test version for review, withdraw it to draft, or stop it (no new installs; testers keep it up to 90 days)',
  body: z.object({ appId: z.uuid(), testVersionId: z.uuid(), action: z.enum(TEST_RELEASE_ACTIONS) }),
  response: okResponse({ testVersion }),
});

export const testVersionList = defineEndpoint({
  id: 'testing.testVersionList',
  method: 'POST',
  prefix: PREFIX,
  path: '/app/test/version/list',
  access: 'app:test.manage',
  summary: "The app's test versions, newest first, with their states, installs and downloads",
  body: z.object({ appId: z.uuid() }),
  response: okResponse({ items: z.array(testVersion) }),
});

export const groupCheck = defineEndpoint({
  id: 'testing.groupCheck',
  method: 'GET',
  prefix: PREFIX,
  path: '/test-user/group/check',
  access: 'team:test.manage',
  summary: 'Whether a test-user group name can be used in the team (valid and not taken)',
  query: z.object({ name: z.string().max(200) }),
  response: okResponse({ available: z.boolean(), reason: z.enum(['taken', 'invalid']).nullable() }),
});
