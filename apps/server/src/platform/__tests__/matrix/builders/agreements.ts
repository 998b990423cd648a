import { AGREEMENTS } from '@wharf/contract';
import type { Builders } from '../types';

/** The team's agreements and the check a submission makes. */
export function agreementsBuilders(): Builders {
  return {
    'agreement.list': { build: () => ({}) },
    // Signing again at the current version changes nothing, so A's seeded signature serves.
    'agreement.sign': { build: () => ({ body: { agreementId: 'distribution', version: AGREEMENTS.distribution.version } }) },
    'version.agreementCheck': { build: (s) => ({ body: { appId: s.a.app.appId } }) },
  };
}
