import type { FastifyRequest } from 'fastify';
import { parseAccess, TEAM_SCOPED_KINDS, type Endpoint } from '@wharf/contract';
import { ACCOUNT_STATUS_FORCE_RELOGIN } from '@wharf/rules';
import type { Deps } from '../../../platform/deps';
import { ANONYMOUS, sessionFree, type AccessResolver, type Caller } from '../../../platform/http/access';
import { AppError, notFound } from '../../../platform/http/errors';
import { sessionsRepo, type SessionLookup } from '../repo/sessions';
import { hashToken } from '../tokens';
import { SESSION_COOKIE } from './cookies';
import { permissionsOf } from './permissions';
import type { SessionCache } from './session-cache';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function teamIdHeader(req: FastifyRequest): string | null {
  const raw = req.headers.teamid;
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value && UUID.test(value) ? value.toLowerCase() : null;
}

export function isForcedRelogin(found: SessionLookup): boolean {
  const after = found.user.sessionsValidAfter;
  return after !== null && found.session.createdAt < after;
}

/**
 * Sessions, CSRF, team membership and roles: checked for every call before its body is
 * read. Team and app calls name their team in the `teamId` header.
 */
export function accountsResolver(deps: Deps, cache: SessionCache): AccessResolver {
  return (req: FastifyRequest, endpoint: Endpoint): Caller | Promise<Caller> => sessionFree(endpoint) ?? signedIn(req, endpoint);

  /**
   * The project a `project:` call names (path, else query string), when it is the team's;
   * a member limited to some apps reaches only the projects that hold one of them.
   */
  async function teamProject(req: FastifyRequest, teamId: string, appScope: readonly string[] | null): Promise<string> {
    const raw = (req.params as Record<string, unknown> | undefined)?.projectId ?? (req.query as Record<string, unknown> | undefined)?.projectId;
    if (typeof raw !== 'string' || !UUID.test(raw)) throw new AppError('invalidInput', { zh: '参数不合法：projectId（项目 ID）', en: 'Invalid input: projectId (the project)', ru: 'Недопустимые параметры: projectId (проект)' });
    const projectId = raw.toLowerCase();
    if ((await deps.projectScopes.teamOf(projectId)) !== teamId) throw notFound({ zh: '项目不存在', en: 'No such project', ru: 'Такого проекта нет' });
    if (appScope && !(await deps.projectScopes.holdsAnyApp(projectId, appScope))) throw new AppError('forbidden');
    return projectId;
  }

  async function signedIn(req: FastifyRequest, endpoint: Endpoint): Promise<Caller> {
    const { kind, requirement } = parseAccess(endpoint.access);

    const token = req.cookies[SESSION_COOKIE];
    if (!token || token.length > 200) throw new AppError('sessionInvalid');
    const teamId = TEAM_SCOPED_KINDS.includes(kind) ? teamIdHeader(req) : null;
    const tokenHash = hashToken(token);
    const key = `${tokenHash}:${teamId ?? ''}`;
    const cached = cache.get(key) ?? (await cache.load(key, () => sessionsRepo.lookup(deps.db, tokenHash, teamId)));
    if (!cached) throw new AppError('sessionInvalid');
    const found = cached.found;
    const now = deps.clock.now();
    const forced = isForcedRelogin(found);
    const alive = endpoint.sessionGrace ? now < found.session.realExpiresAt : now < found.session.expiresAt && !forced;
    if (!alive) throw new AppError('sessionInvalid');

    if (!SAFE_METHODS.has(req.method)) {
      const sent = req.headers[deps.config.csrfHeaderName.toLowerCase()];
      if (typeof sent !== 'string' || sent !== found.session.csrfToken) throw new AppError('csrfInvalid');
    }

    const base: Caller = {
      ...ANONYMOUS,
      kind: 'user',
      userId: found.user.id,
      sessionId: found.session.id,
      operatorRoles: found.user.operatorRoles,
      accountStatus: forced ? ACCOUNT_STATUS_FORCE_RELOGIN : 1,
      userType: found.user.userType,
    };
    if (kind === 'session') return base;
    if (kind === 'operator') {
      const roles = found.user.operatorRoles;
      // A platform administrator may do whatever a reviewer may.
      if (!roles.includes(requirement!) && !roles.includes('admin')) throw new AppError('forbidden');
      return { ...base, kind: 'operator' };
    }

    if (!teamId) throw new AppError('teamRequired');
    const membership = found.membership;
    if (!membership || !found.team) throw new AppError('notMember');
    if (membership.expiresAt && membership.expiresAt <= now) throw new AppError('notMember');
    const isHolder = found.team.mainUserId === found.user.id;
    cached.permissions ??= await permissionsOf(deps.db, teamId, membership.roles, isHolder);
    const permissions = cached.permissions;
    if (!permissions.has(requirement as never)) throw new AppError('forbidden');
    const scoped = !isHolder && membership.roles.includes('appAdministrator') && !membership.roles.includes('administrator');
    const projectId = kind === 'project' ? await teamProject(req, teamId, scoped ? membership.appIds : null) : null;
    return {
      ...base,
      teamId,
      projectId,
      permissions,
      roles: membership.roles,
      appScope: scoped ? membership.appIds : null,
      team: { mainUserId: found.team.mainUserId, userType: found.team.userType, siteId: found.team.siteId },
    };
  }
}
