import { BUILT_IN_ROLES, ROLE_PERMISSIONS, userPermissionMap, type BuiltInRole, type ClientConfig, type Endpoint, type Member, type ResponseOf, type Role, type authApi, type teamApi } from '@wharf/contract';
import type { Mock } from 'vitest';
import { OTHER_TEAM_ID, TEAM_ID, USER_ID } from './session';

/** Answers of the server for component tests (the request layer is replaced by a mock). */

const OK = { code: 0, msg: 'success' };

export const CONFIG: ClientConfig = {
  ret: OK,
  csrfHeaderName: 'X-CSRF-Token',
  teamIdHeaderName: 'teamId',
  zones: [{ zone: 'russia', siteId: 8, gatewayUrl: '', reportUrl: '' }],
  defaultZone: 'russia',
  switches: {
    osSwitch: false,
    osSwitch2: false,
    osSwitch3: false,
    osSwitch4: false,
    unrealNameSwitch: false,
    chinaSideSwitch: false,
    googleAnalyticsSwitch: false,
    AGC_enableHA: false,
    useAgcLoginSwitch: true,
    h5UseAgcLoginSwitch: false,
    applyInterface: false,
    demoProjectMemberEditPermission: false,
  },
  haReportUrl: null,
  errorReportUrl: null,
  serverVersion: '1.2.3',
};

export function me(over: Partial<ResponseOf<typeof authApi.userInfo>> = {}): ResponseOf<typeof authApi.userInfo> {
  return {
    ret: OK,
    userId: USER_ID,
    email: 'ada@example.com',
    displayName: 'Ada Admin',
    accountStatus: 1,
    userType: 1,
    language: 'en',
    countryCode: 'DE',
    currentTeamId: TEAM_ID,
    teams: [
      { teamId: TEAM_ID, name: 'Ada Admin', siteId: 7, zone: 'europe', countryCode: 'DE', userType: 1, mainUserId: USER_ID, roles: ['accountHolder'], expiresAt: null },
      { teamId: OTHER_TEAM_ID, name: 'Acme', siteId: 1, zone: 'china', countryCode: 'CN', userType: 2, mainUserId: 'other', roles: ['operations'], expiresAt: null },
    ],
    operatorRoles: [],
    greyFlag: false,
    ...over,
  };
}

export function permissionsOf(role: BuiltInRole): ResponseOf<typeof teamApi.userPermission> {
  return {
    ret: OK,
    teamId: TEAM_ID,
    userPermission: userPermissionMap(ROLE_PERMISSIONS[role]),
    userRoles: [{ key: role, name: role, builtIn: true }],
    appIds: [],
    isTeamLeader: role === 'accountHolder',
    teamUserType: 1,
  };
}

export const CUSTOM_ROLE_KEY = 'custom:44444444-4444-4444-8444-444444444444';

export function roles(): Role[] {
  return [
    ...BUILT_IN_ROLES.map((key) => ({ key, name: key, builtIn: true, permissions: [...ROLE_PERMISSIONS[key]], memberCount: key === 'accountHolder' ? 1 : 0 })),
    { key: CUSTOM_ROLE_KEY, name: 'Release managers', builtIn: false, permissions: ['team.read', 'version.release'], memberCount: 0 } as Role,
  ];
}

export function member(over: Partial<Member> = {}): Member {
  return {
    userId: USER_ID,
    email: 'ada@example.com',
    displayName: 'Ada Admin',
    roles: ['accountHolder'],
    appIds: [],
    expiresAt: null,
    expired: false,
    isAccountHolder: true,
    joinedAt: '2026-03-01T10:00:00.000Z',
    ...over,
  };
}

export type Handler = (options: { params?: unknown; query?: unknown; body?: unknown }) => unknown;

/** Makes the mocked callEndpoint answer per endpoint id; an unexpected call fails loudly. */
export function answerCalls(callEndpoint: Mock, handlers: Record<string, Handler>): void {
  callEndpoint.mockImplementation(async (endpoint: Endpoint, options: Parameters<Handler>[0] = {}) => {
    const handler = handlers[endpoint.id];
    if (!handler) throw new Error(`unexpected call ${endpoint.id}`);
    return handler(options);
  });
}

/** The options of every call made to an endpoint. */
export function callsTo(callEndpoint: Mock, endpoint: Endpoint): Array<{ params?: unknown; query?: unknown; body?: unknown }> {
  return callEndpoint.mock.calls.filter(([e]) => (e as Endpoint).id === endpoint.id).map(([, o]) => (o ?? {}) as { body?: unknown });
}
