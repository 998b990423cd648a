import type { FastifyRequest } from 'fastify';
import { parseAccess, type Endpoint } from '@wharf/contract';
import { AppError } from './errors';

/**
 * Who is calling, as far as the access check could establish. Families read it from
 * `req.caller`; it is filled before the body is read, so a refused upload costs nothing.
 */
export interface Caller {
  kind: 'anonymous' | 'device' | 'user' | 'operator' | 'app-client' | 'api-client';
  userId: string | null;
  teamId: string | null;
  /** The project a `project:` call acts in, checked to be the team's. */
  projectId: string | null;
  permissions: ReadonlySet<string>;
  /** Role keys held in the team. */
  roles: readonly string[];
  /** Apps an App administrator is limited to; null means every app of the team. */
  appScope: readonly string[] | null;
  operatorRoles: readonly string[];
  sessionId: string | null;
  /** 6 when the account must sign in again (only seen by calls with sessionGrace). */
  accountStatus: number;
  /** The personal user type of the signed-in user (0 when unknown). */
  userType: number;
  /** Facts of the current team that most calls need, resolved with the session (its site: where its files count). */
  team: { mainUserId: string; userType: number; siteId: number } | null;
  /** The request's address (behind the configured proxies), for the audit trail; null outside a request. */
  ip: string | null;
  /** An app client's app, or the app an API client acts for; null otherwise. */
  appId: string | null;
  /** The app user signed in on an app client's device (`app-client:user` and `app-client:optional-user` calls). */
  appUserId: string | null;
  /** Whether that app user signed in anonymously (never upgraded); false without one. */
  appUserAnonymous: boolean;
  /** The client ID of an app client or an API client. */
  clientId: string | null;
  /** What an API client was granted (`api-client:<scope>` calls need theirs). */
  scopes: readonly string[];
}

export const ANONYMOUS: Caller = Object.freeze({
  kind: 'anonymous',
  userId: null,
  teamId: null,
  projectId: null,
  permissions: new Set<string>(),
  roles: [],
  appScope: null,
  operatorRoles: [],
  sessionId: null,
  accountStatus: 1,
  userType: 0,
  team: null,
  ip: null,
  appId: null,
  appUserId: null,
  appUserAnonymous: false,
  clientId: null,
  scopes: [],
});

/**
 * Resolves the caller of a request for an access level, or throws the refusal. The
 * accounts family provides the real one (sessions, teams, roles); until a session exists,
 * every level that needs one is refused as "no session".
 */
export type AccessResolver = (req: FastifyRequest, endpoint: Endpoint) => Caller | Promise<Caller>;

/**
 * Establishes an app client or API client from the request's credentials, or throws the
 * refusal; given by the family that issues them (see `Family.credentials`). `requirement`
 * is the scope an `api-client:<scope>` call names.
 */
export type CredentialResolver = (req: FastifyRequest, requirement: string | null) => Promise<Caller>;

/**
 * The app user of an `app-client` call's `Authorization: Bearer` token, for a caller the
 * app's key already established: null without a token, the refusal for a bad one. Given
 * by the family that issues app users' tokens (see `Family.appUsers`).
 */
export type AppUserResolver = (req: FastifyRequest, caller: Caller) => Promise<{ appUserId: string; anonymous: boolean } | null>;

/** Without the family that issues them, every call of the level is refused, clearly. */
export function refuseCredentials(kind: 'app-client' | 'api-client'): CredentialResolver {
  return async () => {
    throw new AppError(kind === 'app-client' ? 'appCredentialsInvalid' : 'apiClientInvalid');
  };
}

export const DEVICE: Caller = Object.freeze({ ...ANONYMOUS, kind: 'device' });

/** The levels that need no session, answered at once (no promise: they are the hot paths). */
export function sessionFree(endpoint: Endpoint): Caller | null {
  const { kind } = parseAccess(endpoint.access);
  return kind === 'anonymous' ? ANONYMOUS : kind === 'device' ? DEVICE : null;
}

export const sessionlessResolver: AccessResolver = (_req, endpoint) => {
  const free = sessionFree(endpoint);
  if (!free) throw new AppError('sessionInvalid');
  return free;
};

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller;
  }
}
