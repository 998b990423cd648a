import { z } from 'zod';

export const retSchema = z.object({
  code: z.number().int(),
  msg: z.string(),
});

export type Ret = z.infer<typeof retSchema>;

/** Every answer carries `ret`; data fields sit beside it, as the console expects. */
export function okResponse<S extends z.ZodRawShape>(shape: S) {
  return z.object({ ret: retSchema, ...shape });
}

export const errorResponse = z.object({ ret: retSchema });
