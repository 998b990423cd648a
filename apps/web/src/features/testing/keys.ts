import { testingApi } from '@wharf/contract';

/** Query keys of the testing family: the team's groups, an app's test versions, an invitation code. */
export const testingKeys = {
  all: ['testing'] as const,
  groups: () => [...testingKeys.all, testingApi.groupList.id] as const,
  members: (groupId: string) => [...testingKeys.all, testingApi.memberList.id, groupId] as const,
  invitations: (groupId: string) => [...testingKeys.all, testingApi.invitationList.id, groupId] as const,
  versions: (appId: string) => [...testingKeys.all, testingApi.testVersionList.id, appId] as const,
  code: (code: string) => [...testingKeys.all, testingApi.openTestInvitation.id, code] as const,
};
