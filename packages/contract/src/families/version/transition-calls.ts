import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { version, versionRef } from './schemas';
import { refused } from '../../kit/field-errors';

const PREFIX = 'amis/version-manage/v1';
const reason = z.string().trim().min(1).max(500);

export const submitVersion = defineEndpoint({
  id: 'version.submit',
  method: 'PUT',
  prefix: PREFIX,
  path: '/version/on-shelf',
  access: 'app:version.release',
  summary: 'Submit the version for review (audit submit); refused with what is missing when incomplete',
  body: versionRef,
  response: okResponse({ version }),
});

export const cancelOnShelf = defineEndpoint({
  id: 'version.cancelOnShelf',
  method: 'PUT',
  prefix: PREFIX,
  path: '/version/on-shelf/cancel',
  access: 'app:version.release',
  summary: 'Withdraw a submission under review (back to draft) or cancel an approved release still waiting (11)',
  body: versionRef,
  response: okResponse({ version }),
});

export const onShelfTime = defineEndpoint({
  id: 'version.onShelfTime',
  method: 'PUT',
  prefix: PREFIX,
  path: '/version/on-shelf/time',
  access: 'app:version.release',
  summary: 'Change the release time of an approved version waiting for it, or release it now',
  body: versionRef.extend({ releaseAt: z.iso.datetime({ offset: true }).optional(), now: z.boolean().optional() }).refine((b) => (b.releaseAt === undefined) !== (b.now !== true), refused('releaseAtOrNow', ['releaseAt'])),
  response: okResponse({ version }),
});

export const shelfOff = defineEndpoint({
  id: 'version.shelfOff',
  method: 'PUT',
  prefix: PREFIX,
  path: '/version/shelf-off',
  access: 'app:version.release',
  summary: 'Request removal of the on-shelf version (reviewed)',
  body: versionRef.extend({ reason }),
  response: okResponse({ version }),
});

export const cancelShelfOff = defineEndpoint({
  id: 'version.cancelShelfOff',
  method: 'PUT',
  prefix: PREFIX,
  path: '/version/shelf-off/cancel',
  access: 'app:version.release',
  summary: 'Withdraw a removal request',
  body: versionRef,
  response: okResponse({ version }),
});

export const rollback = defineEndpoint({
  id: 'version.rollback',
  method: 'PUT',
  prefix: PREFIX,
  path: '/version/rollback',
  access: 'app:version.release',
  summary: 'Request a rollback to the immediately previous on-shelf version (reviewed)',
  body: versionRef.extend({ reason }),
  response: okResponse({ version }),
});

export const rollbackCancel = defineEndpoint({
  id: 'version.rollbackCancel',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/version/rollback',
  access: 'app:version.release',
  summary: 'Withdraw a rollback request still under review (the version stays on shelf)',
  query: versionRef,
  response: okResponse({ version }),
});

export const urgeAudit = defineEndpoint({
  id: 'version.urge',
  method: 'PUT',
  prefix: PREFIX,
  path: '/version/audit/urge',
  access: 'app:version.release',
  summary: 'Urge the open review of the version (at most once a day)',
  body: versionRef,
  response: okResponse({ version }),
});
