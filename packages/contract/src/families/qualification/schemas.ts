import { z } from 'zod';

/** What a qualification proves; the console names each in cn/en/ru. */
export const QUALIFICATION_KINDS = ['gameLicence', 'icpFiling', 'copyrightCertificate', 'businessLicence', 'industryPermit', 'other'] as const;
export const QUALIFICATION_STATES = ['pending', 'cancelled', 'approved', 'rejected'] as const;
export const QUALIFICATION_FILES_MAX = 10;
export const QUALIFICATION_REMARKS_MAX = 1000;

export const qualificationTask = z.object({
  taskId: z.string(),
  appId: z.string(),
  appName: z.string(),
  packageName: z.string(),
  teamId: z.string(),
  kind: z.enum(QUALIFICATION_KINDS),
  files: z.array(z.object({ objectId: z.string(), fileName: z.string(), contentType: z.string(), size: z.number().int() })),
  remarks: z.string(),
  state: z.enum(QUALIFICATION_STATES),
  /** The reviewer's reason for a rejection (or note with an approval). */
  reason: z.string().nullable(),
  submittedAt: z.string(),
  updatedAt: z.string(),
  decidedAt: z.string().nullable(),
  allowedActions: z.array(z.enum(['edit', 'cancel', 'delete'])),
});
export type QualificationTask = z.infer<typeof qualificationTask>;
