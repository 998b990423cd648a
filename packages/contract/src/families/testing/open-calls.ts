import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { email, INVITATION_STATES, openTestListing } from './schemas';

const code = z.string().trim().min(1).max(32);

/** The open-test page's calls: no console account, no team; rate limited per address. */
export const openTestInvitation = defineEndpoint({
  id: 'testing.openTestInvitation',
  method: 'GET',
  prefix: 'bts/v1',
  path: '/open-test/invitation',
  access: 'anonymous',
  summary: "What an invitation code leads to: whether it still admits people (active, expired, full), the app's name and its test versions open now; 404 for an unknown code",
  query: z.object({ code }),
  response: okResponse({ state: z.enum(INVITATION_STATES), listing: openTestListing, expiresAt: z.string() }),
});

export const openTestJoin = defineEndpoint({
  id: 'testing.openTestJoin',
  method: 'POST',
  prefix: 'bts/v1',
  path: '/open-test/join',
  access: 'anonymous',
  summary: 'Join the group of an invitation code (409 naming why when expired or full): answers a tester token for this device or browser (shown once) and the download links',
  body: z.object({ code, email: email.optional(), testerToken: z.string().max(128).optional() }),
  response: okResponse({ testerToken: z.string(), listing: openTestListing }),
});

export const testDownload = defineEndpoint({
  id: 'testing.testDownload',
  method: 'GET',
  prefix: 'cds/app-distirbution/v1/all',
  path: '/app/test/download/:testVersionId',
  access: 'device',
  summary: "A test version's package for a tester in one of its groups, with Range; the first download of a tester is an install (capped)",
  params: z.object({ testVersionId: z.uuid() }),
  query: z.object({ testerToken: z.string().min(1).max(128), deviceId: z.string().trim().min(1).max(128).optional() }),
  response: okResponse({}),
});
