import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { listShape } from '../../kit/list';
import { app, platform } from './schemas';

const PREFIX = 'amis/app-manage/v1';

/** Why an app cannot move to another team (both sides are checked). */
export const MOVE_BLOCKERS = ['notHolderHere', 'notAdminThere', 'sameTeam', 'targetProjectMissing'] as const;

export const moveAppCheck = defineEndpoint({
  id: 'app.moveCheck',
  method: 'POST',
  prefix: PREFIX,
  path: '/move/app/check',
  access: 'app:app.manage',
  summary: 'Can the app move to another of my teams? Lists what stands in the way on both sides',
  body: z.object({ appId: z.uuid(), targetTeamId: z.uuid(), targetProjectId: z.uuid() }),
  response: okResponse({ movable: z.boolean(), blockers: z.array(z.object({ code: z.enum(MOVE_BLOCKERS), message: z.string() })) }),
});

export const moveApp = defineEndpoint({
  id: 'app.move',
  method: 'POST',
  prefix: PREFIX,
  path: '/move/app',
  access: 'app:app.manage',
  summary: 'Move the app (and its packages and files) to a project of another of my teams',
  body: z.object({ appId: z.uuid(), targetTeamId: z.uuid(), targetProjectId: z.uuid() }),
  response: okResponse({ app }),
});

export const relationList = defineEndpoint({
  id: 'app.relationList',
  method: 'POST',
  prefix: PREFIX,
  path: '/app/relation/list',
  access: 'app:app.read',
  summary: 'Apps of the team related to this one: the same package on other platforms, the same project',
  body: z.object({ appId: z.uuid() }),
  response: okResponse({ samePackage: z.array(app), sameProject: z.array(app) }),
});

export const manageAppListQuery = defineEndpoint({
  id: 'app.manageListQuery',
  method: 'POST',
  prefix: PREFIX,
  path: '/manage/app/list/query',
  access: 'operator:reviewer',
  summary: 'Every app of the platform, for reviewers and administrators',
  body: z.object({
    search: z.string().trim().max(128).optional(),
    platform: platform.optional(),
    pageSize: z.number().int().min(1).max(100).default(20),
    cursor: z.string().max(512).optional(),
  }),
  response: okResponse(listShape(app.extend({ teamId: z.string(), teamName: z.string() }))),
});
