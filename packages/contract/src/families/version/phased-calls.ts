import { z } from 'zod';
import { PHASE_ACTIONS, PHASE_STATES } from '@wharf/rules';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { versionRef } from './schemas';
import { refused } from '../../kit/field-errors';

const PREFIX = 'amis/version-manage/v1';

/** Above 0 and below 100, at most two decimals. */
export const phasePercent = z
  .number()
  .gt(0)
  .lt(100)
  .refine((p) => Math.abs(Math.round(p * 100) - p * 100) < 1e-6, refused('twoDecimals'));

export const phasedRelease = z.object({
  versionId: z.string(),
  state: z.enum(PHASE_STATES),
  percent: z.number(),
  startAt: z.string(),
  endAt: z.string(),
  description: z.string(),
  updatedAt: z.string(),
});
export type PhasedRelease = z.infer<typeof phasedRelease>;

const DEVELOPER_PHASE_ACTIONS = PHASE_ACTIONS.filter((a) => a !== 'START' && a !== 'END') as ['UPDATE', 'SUSPEND', 'RESUME', 'RELEASE', 'ROLLBACK'];

export const changePhasedRelease = defineEndpoint({
  id: 'version.phasedRelease',
  method: 'PUT',
  prefix: PREFIX,
  path: '/version/phased-release',
  access: 'app:version.release',
  summary: 'Set up or change a phased release: UPDATE (percentage only up, period, note), SUSPEND, RESUME, RELEASE (to full), ROLLBACK (terminate)',
  body: versionRef.extend({
    state: z.enum(DEVELOPER_PHASE_ACTIONS),
    percent: phasePercent.optional(),
    startAt: z.iso.datetime({ offset: true }).optional(),
    endAt: z.iso.datetime({ offset: true }).optional(),
    description: z.string().trim().min(1).max(500).optional(),
  }),
  response: okResponse({ phasedRelease }),
});

export const phasedReleaseHistory = defineEndpoint({
  id: 'version.phasedReleaseHistory',
  method: 'GET',
  prefix: PREFIX,
  path: '/version/phased-release/history',
  access: 'app:app.read',
  summary: "A version's phased release now and every change of it, oldest first",
  query: versionRef,
  response: okResponse({
    phasedRelease: phasedRelease.nullable(),
    items: z.array(
      z.object({
        action: z.string(),
        fromState: z.enum(PHASE_STATES).nullable(),
        toState: z.enum(PHASE_STATES),
        percent: z.number(),
        actorKind: z.enum(['user', 'operator', 'system', 'api-client']),
        actorId: z.string().nullable(),
        at: z.string(),
      }),
    ),
  }),
});
