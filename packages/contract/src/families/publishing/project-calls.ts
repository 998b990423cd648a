import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';

// The Connect API's project calls at `/api/project-service/v1`: which projects (and apps) an
// API client reaches, so a CI job can find its app by project rather than by package name.
const root = 'connect' as const;
const prefix = 'project-service/v1';

export const connectProject = z.object({
  projectId: z.string(),
  projectName: z.string(),
  /** The zone holding the project's data (cn, de, ru, sg). */
  dataLocation: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
});

export const connectProjectApp = z.object({ appId: z.string(), appName: z.string(), packageName: z.string() });

export const listProjects = defineEndpoint({
  id: 'publishing.projects',
  method: 'GET',
  root,
  prefix,
  path: '/projects',
  access: 'api-client',
  rateLimit: { class: 'apiClient', by: 'caller' },
  summary: 'The projects the API client reaches (a project-level client its own), newest first, a page at a time',
  query: z
    .object({
      /** 1-based. */
      pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(20),
    })
    .strict(),
  response: okResponse({ total: z.number().int(), projects: z.array(connectProject) }),
});

export const getProject = defineEndpoint({
  id: 'publishing.project',
  method: 'GET',
  root,
  prefix,
  path: '/projects/:projectId',
  access: 'api-client',
  rateLimit: { class: 'apiClient', by: 'caller' },
  summary: 'One project the API client reaches; with queryFlag=1 also its apps the client reaches',
  params: z.object({ projectId: z.uuid() }),
  query: z.object({ queryFlag: z.enum(['0', '1']).default('0') }).strict(),
  response: okResponse({ project: connectProject.extend({ apps: z.array(connectProjectApp).optional() }) }),
});
