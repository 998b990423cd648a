import type { Family } from '../../platform/deps';
import { testingExtensions } from './extensions';
import { GroupsService } from './groups';
import { OpenTestService } from './open';
import { TEST_END_KIND, TEST_START_KIND, TestVersionsService, fireTestWindow } from './test-versions';
import type { TestingServices } from './routes/context';
import { createGroupRoute } from './routes/create-group';
import { renameGroupRoute } from './routes/rename-group';
import { deleteGroupRoute } from './routes/delete-group';
import { groupListRoute } from './routes/group-list';
import { addMembersRoute } from './routes/add-members';
import { removeMemberRoute } from './routes/remove-member';
import { memberListRoute } from './routes/member-list';
import { importMembersRoute } from './routes/import-members';
import { createInvitationRoute } from './routes/create-invitation';
import { invitationListRoute } from './routes/invitation-list';
import { expireInvitationRoute } from './routes/expire-invitation';
import { emailInvitationRoute } from './routes/email-invitation';
import { groupCheckRoute } from './routes/group-check';
import { openTestRoute } from './routes/open-test';
import { testReleaseRoute } from './routes/test-release';
import { testVersionListRoute } from './routes/test-version-list';
import { openTestInvitationRoute } from './routes/open-test-invitation';
import { openTestJoinRoute } from './routes/open-test-join';
import { testDownloadRoute } from './routes/test-download';

const ROUTES = [
  createGroupRoute,
  renameGroupRoute,
  deleteGroupRoute,
  groupListRoute,
  addMembersRoute,
  removeMemberRoute,
  memberListRoute,
  importMembersRoute,
  createInvitationRoute,
  invitationListRoute,
  expireInvitationRoute,
  emailInvitationRoute,
  groupCheckRoute,
  openTestRoute,
  testReleaseRoute,
  testVersionListRoute,
  openTestInvitationRoute,
  openTestJoinRoute,
  testDownloadRoute,
];

/** Test-user groups, invitations, test versions and the open-test page's calls. */
export const testingFamily: Family = {
  name: 'testing',
  services: [
    {
      id: 'app-testing',
      serviceId: 'app.testing',
      menuId: 'app-testing',
      categoryId: 8,
      names: { cn: '应用测试', en: 'App testing', ru: 'Тестирование приложения' },
      route: '/apps/:appId/testing',
      scope: 'app',
    },
  ],
  extensions: testingExtensions,
  register(app, deps) {
    const s: TestingServices = { groups: new GroupsService(deps), tests: new TestVersionsService(deps), open: new OpenTestService(deps) };
    deps.dueActions.handle(TEST_START_KIND, (tx, payload) => fireTestWindow(deps, tx, String(payload.testVersionId), 'start'));
    deps.dueActions.handle(TEST_END_KIND, (tx, payload) => fireTestWindow(deps, tx, String(payload.testVersionId), 'end'));
    for (const route of ROUTES) route(app, s);
  },
};

export { OpenTestService } from './open';
