import { z } from 'zod';

/**
 * The agreements a team signs before it may publish. Each has a current version; when the
 * platform publishes a new one, teams sign again before their next submission. The texts
 * live in the console's locale files; the server names them in its messages.
 */
export const AGREEMENTS = {
  distribution: {
    version: '2026-01',
    /** What waits for it: submitting a version for release review. */
    requiredFor: ['release'],
    names: { zh: 'Wharf 分发服务协议', en: 'Wharf Distribution Service Agreement', ru: 'Соглашение об услугах распространения Wharf' },
  },
} as const;

export const AGREEMENT_IDS = Object.keys(AGREEMENTS) as [keyof typeof AGREEMENTS, ...(keyof typeof AGREEMENTS)[]];
export type AgreementId = (typeof AGREEMENT_IDS)[number];

export const agreementId = z.enum(AGREEMENT_IDS);

export const agreementState = z.object({
  agreementId,
  /** The current version of the text. */
  version: z.string(),
  requiredFor: z.array(z.enum(['release'])),
  /** Signed at its current version. */
  signed: z.boolean(),
  /** The team's latest signature, possibly of an older version. */
  signedVersion: z.string().nullable(),
  signedAt: z.string().nullable(),
  signedByName: z.string().nullable(),
});
export type AgreementState = z.infer<typeof agreementState>;
