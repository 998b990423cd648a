// The contract of a new family: its schemas and one endpoint object per call.

/** The levels a scaffolded family's calls declare: one project's backend data. */
export const ACCESS = { read: 'project:cloud.read', manage: 'project:cloud.manage' };

export function contractFiles(n) {
  return {
    [`packages/contract/src/families/${n.family}/index.ts`]: `export * from './schemas';
export * from './calls';
`,
    [`packages/contract/src/families/${n.family}/schemas.ts`]: `import { z } from 'zod';

export const ${n.item}Name = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[^<>"'&\\\\\\p{Cc}]+$/u, 'no < > " \\' & \\\\ or control characters');

export const ${n.item} = z.object({
  ${n.item}Id: z.string(),
  projectId: z.string(),
  name: z.string(),
  createdAt: z.string(),
});
export type ${n.Item} = z.infer<typeof ${n.item}>;

/** Every call names its project in the query, where the access check reads it before the body. */
export const projectQuery = z.object({ projectId: z.uuid() });
`,
    [`packages/contract/src/families/${n.family}/calls.ts`]: `import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { listQuery, listShape } from '../../kit/list';
import { ${n.item}, ${n.item}Name, projectQuery } from './schemas';

const PREFIX = '${n.family}/v1';

export const list${n.Pascal} = defineEndpoint({
  id: '${n.camel}.list',
  method: 'GET',
  prefix: PREFIX,
  path: '/${n.family}',
  access: '${ACCESS.read}',
  summary: "The project's ${n.human}, newest first",
  query: listQuery.extend(projectQuery.shape),
  response: okResponse(listShape(${n.item})),
});

export const create${n.Item} = defineEndpoint({
  id: '${n.camel}.create',
  method: 'POST',
  prefix: PREFIX,
  path: '/${n.family}',
  access: '${ACCESS.manage}',
  summary: 'Create a ${n.itemHuman} in the project',
  query: projectQuery,
  body: z.object({ name: ${n.item}Name }),
  response: okResponse({ ${n.item} }),
});

export const delete${n.Item} = defineEndpoint({
  id: '${n.camel}.delete',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/${n.family}/:${n.item}Id',
  access: '${ACCESS.manage}',
  summary: 'Delete a ${n.itemHuman} of the project',
  params: z.object({ ${n.item}Id: z.uuid() }),
  query: projectQuery,
  response: okResponse({}),
});
`,
  };
}
