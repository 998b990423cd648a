import type { FastifyInstance } from 'fastify';
import { testingApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { TestingServices } from './context';
import { messageLanguage } from '../../../platform/http/language';

/** The console's calls: a signed-in member's, checked against the team, project or app and the member's roles. */
export function consoleRoutes(app: FastifyInstance, s: TestingServices): void {
  registerEndpoint(app, testingApi.addMembers, ({ caller, body }) => s.groups.addMembers(caller, body.groupId, body.emails));
  registerEndpoint(app, testingApi.createGroup, ({ caller, body }) => s.groups.create(caller, body.name));
  registerEndpoint(app, testingApi.createInvitation, ({ caller, body }) => s.groups.createInvitation(caller, body.groupId, body.maxAdmissions));
  registerEndpoint(app, testingApi.deleteGroup, ({ caller, query }) => s.groups.remove(caller, query.groupId));
  registerEndpoint(app, testingApi.emailInvitation, ({ caller, body, req }) => s.groups.emailInvitation(caller, body.groupId, body.emails, messageLanguage(req)));
  registerEndpoint(app, testingApi.expireInvitation, ({ caller, body }) => s.groups.expireInvitation(caller, body.invitationId));
  registerEndpoint(app, testingApi.groupCheck, ({ caller, query }) => s.groups.check(caller, query.name));
  registerEndpoint(app, testingApi.groupList, ({ caller, query }) => s.groups.list(caller, query));
  registerEndpoint(app, testingApi.importMembers, ({ caller, body }) => s.groups.importCsv(caller, body.groupId, body.csv));
  registerEndpoint(app, testingApi.invitationList, ({ caller, query }) => s.groups.invitations(caller, query.groupId));
  registerEndpoint(app, testingApi.memberList, ({ caller, query }) => s.groups.members(caller, query));
  registerEndpoint(app, testingApi.openTest, ({ caller, body, req }) => s.tests.save(caller, body.appId, body, messageLanguage(req)));
  registerEndpoint(app, testingApi.removeMember, ({ caller, query }) => s.groups.removeMember(caller, query.groupId, query.testerId));
  registerEndpoint(app, testingApi.renameGroup, ({ caller, body }) => s.groups.rename(caller, body.groupId, body.name));
  registerEndpoint(app, testingApi.testRelease, ({ caller, body, req }) => s.tests.release(caller, body.appId, body.testVersionId, body.action, messageLanguage(req)));
  registerEndpoint(app, testingApi.testVersionList, ({ caller, body, req }) => s.tests.list(caller, body.appId, messageLanguage(req)));
}
