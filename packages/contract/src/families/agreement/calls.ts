import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { agreementId, agreementState } from './schemas';

const PREFIX = 'cpms/agreement/v1';

export const agreementList = defineEndpoint({
  id: 'agreement.list',
  method: 'GET',
  prefix: PREFIX,
  path: '/agreements',
  access: 'team:team.read',
  summary: "The platform's agreements with the team's signature of each (current version or older) and who signed",
  response: okResponse({ agreements: z.array(agreementState) }),
});

export const signAgreement = defineEndpoint({
  id: 'agreement.sign',
  method: 'POST',
  prefix: PREFIX,
  path: '/agreement/sign',
  access: 'team:agreement.sign',
  summary: 'Signs an agreement for the team at the version the signer read; 409 when that is no longer the current version; signing again changes nothing',
  body: z.object({ agreementId, version: z.string().trim().min(1).max(32) }),
  response: okResponse({ agreement: agreementState }),
});

export const agreementCheck = defineEndpoint({
  id: 'version.agreementCheck',
  method: 'POST',
  prefix: 'amis/version-manage/v1',
  path: '/agreement/check',
  access: 'app:app.read',
  summary: "Whether the app's team has signed what submitting a version needs: the missing agreements and whether the caller may sign them",
  body: z.object({ appId: z.uuid() }),
  response: okResponse({ signed: z.boolean(), missing: z.array(agreementState), canSign: z.boolean() }),
});
