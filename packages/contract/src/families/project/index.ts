import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { listQuery, listShape } from '../../kit/list';
import { zoneName } from '../console';
import { member } from '../team';

export const PROJECTS_PER_TEAM_LIMIT = 300;
const PREFIX = 'cpms/v1';

export const projectName = z.string().trim().min(1).max(64).regex(/^[^<>"'&\\]+$/, 'no < > " \' & or \\');

export const project = z.object({
  projectId: z.string(),
  name: z.string(),
  /** The zone holding the project's data; fixed after creation. */
  dataLocation: zoneName,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Project = z.infer<typeof project>;

const projectParams = z.object({ projectId: z.uuid() });

export const createProject = defineEndpoint({
  id: 'project.create',
  method: 'POST',
  prefix: PREFIX,
  path: '/project',
  access: 'team:project.manage',
  summary: 'Create a project in a data location',
  body: z.object({ name: projectName, dataLocation: zoneName.optional() }),
  response: okResponse({ project }),
});

export const projectList = defineEndpoint({
  id: 'project.list',
  method: 'GET',
  prefix: PREFIX,
  path: '/project/list',
  access: 'team:project.read',
  summary: "The team's projects, newest first",
  query: listQuery.extend({ search: z.string().trim().max(64).optional() }),
  response: okResponse(listShape(project)),
});

export const getProject = defineEndpoint({
  id: 'project.get',
  method: 'GET',
  prefix: PREFIX,
  path: '/project/:projectId',
  access: 'team:project.read',
  summary: 'One project',
  params: projectParams,
  response: okResponse({ project }),
});

export const renameProject = defineEndpoint({
  id: 'project.rename',
  method: 'PUT',
  prefix: PREFIX,
  path: '/project/:projectId',
  access: 'team:project.manage',
  summary: 'Rename a project',
  params: projectParams,
  body: z.object({ name: projectName }),
  response: okResponse({ project }),
});

export const deleteProject = defineEndpoint({
  id: 'project.delete',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/project/:projectId',
  access: 'team:project.manage',
  summary: 'Delete a project that holds no apps',
  params: projectParams,
  response: okResponse({}),
});

export const projectMembers = defineEndpoint({
  id: 'project.members',
  method: 'GET',
  prefix: PREFIX,
  path: '/project/:projectId/members',
  access: 'team:project.read',
  summary: 'Team members who can work on the project, with their roles',
  params: projectParams,
  response: okResponse({ items: z.array(member) }),
});

export const projectRegion = defineEndpoint({
  id: 'project.region',
  method: 'GET',
  prefix: PREFIX,
  path: '/project/:projectId/region',
  access: 'team:project.read',
  summary: "The project's data location and the gateway of that zone",
  params: projectParams,
  response: okResponse({ dataLocation: zoneName, siteId: z.number().int(), gatewayUrl: z.string() }),
});

/** What a client SDK needs (AppGallery Connect's agconnect-services.json). */
export const configFile = z.object({
  configuration_version: z.string(),
  region: z.string(),
  agcgw: z.object({ url: z.string() }),
  client: z.object({ project_id: z.string(), product_id: z.string(), team_id: z.string() }),
});

export const projectConfigFile = defineEndpoint({
  id: 'project.configFile',
  method: 'GET',
  prefix: PREFIX,
  path: '/project/:projectId/config-file',
  access: 'team:project.read',
  summary: 'The project configuration file a client SDK reads',
  params: projectParams,
  response: okResponse({ fileName: z.string(), content: configFile }),
});
