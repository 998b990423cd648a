import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { refused } from '../../kit/field-errors';

const PREFIX = 'amis/package-manage/v1';

/**
 * verifying: the uploaded package is being parsed and its signer compared;
 * pending: the signer matches but the holder app was on shelf, so an operator decides;
 * approved: the package name moved to the claimant's app; rejected; withdrawn.
 */
export const CLAIM_STATES = ['verifying', 'pending', 'approved', 'rejected', 'withdrawn'] as const;

/** Why a package name cannot be claimed (POST /claim/app/check). */
export const CLAIM_BLOCKERS = ['format', 'notTaken', 'ownTeam', 'appLocked', 'holderUnsigned', 'claimOpen'] as const;

export const packageClaim = z.object({
  claimId: z.string(),
  appId: z.string(),
  platform: z.string(),
  packageName: z.string(),
  objectId: z.string(),
  state: z.enum(CLAIM_STATES),
  /** The signer of the uploaded package, once parsed. */
  certificates: z.array(z.string()),
  certificateMatched: z.boolean().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type PackageClaim = z.infer<typeof packageClaim>;

const packageName = z.string().trim().min(7).max(128);
const claimQuery = z.object({ claimId: z.uuid() });

export const startClaim = defineEndpoint({
  id: 'package.claimStart',
  method: 'POST',
  prefix: PREFIX,
  path: '/claim/app/package',
  access: 'app:app.manage',
  summary: "Claim a package name another team's app holds, proving it with a package signed by the same certificate",
  body: z.object({ appId: z.uuid(), packageName, objectId: z.uuid() }),
  response: okResponse({ claim: packageClaim }),
});

export const getClaim = defineEndpoint({
  id: 'package.claimGet',
  method: 'GET',
  prefix: PREFIX,
  path: '/claim/app/package',
  access: 'team:app.read',
  summary: "The state of a package-name claim (poll while it is verifying): by claimId, or an app's newest claim",
  query: z
    .object({ claimId: z.uuid().optional(), appId: z.uuid().optional() })
    .refine((q) => (q.claimId === undefined) !== (q.appId === undefined), refused('claimOrApp')),
  response: okResponse({ claim: packageClaim }),
});

export const withdrawClaim = defineEndpoint({
  id: 'package.claimWithdraw',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/claim/app/package',
  access: 'team:app.manage',
  summary: 'Withdraw a claim that is still verifying or pending',
  query: claimQuery,
  response: okResponse({ claim: packageClaim }),
});

export const checkClaim = defineEndpoint({
  id: 'package.claimCheck',
  method: 'POST',
  prefix: PREFIX,
  path: '/claim/app/check',
  access: 'app:app.manage',
  summary: 'Can this app claim the package name? Lists what stands in the way',
  body: z.object({ appId: z.uuid(), packageName }),
  response: okResponse({ claimable: z.boolean(), reasons: z.array(z.object({ code: z.enum(CLAIM_BLOCKERS), message: z.string() })) }),
});

export const decideClaim = defineEndpoint({
  id: 'package.claimDecide',
  method: 'PUT',
  prefix: PREFIX,
  path: '/manage/claim/app/package',
  access: 'operator:reviewer',
  summary: 'A reviewer approves or rejects a pending claim (the holder app was on shelf)',
  body: claimQuery.extend({ approve: z.boolean(), reason: z.string().trim().min(1).max(500).optional() }),
  response: okResponse({ claim: packageClaim }),
});
