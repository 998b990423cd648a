import type { AuthMethods } from '@wharf/contract';
import { writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { decodeCursor, pageOf } from '../../platform/http/cursor';
import { notFound } from '../../platform/http/errors';
import { appUserDeleted } from './events';
import { appUserOut } from './out';
import { phoneRepo } from './phone-repo';
import { appUsersRepo } from './repo';
import { sessionsRepo } from './sessions-repo';
import type { AppUserCache } from './user-cache';

/** The console's side of Auth Service: the access check has already tied the project to the caller. */
export class AppUsersService {
  constructor(
    private readonly deps: Pick<Deps, 'db' | 'clock' | 'events' | 'sms'>,
    private readonly users: AppUserCache,
  ) {}

  async list(q: { projectId: string; search?: string | undefined; pageSize: number; cursor?: string | undefined; withTotal: boolean }) {
    const { db } = this.deps;
    const rows = await appUsersRepo.page(db, q.projectId, q.search, q.pageSize + 1, q.cursor ? decodeCursor(q.cursor) : undefined);
    const { page, nextCursor } = pageOf(rows, q.pageSize, (r) => ({ at: r.createdAt, id: r.id }));
    return { items: page.map(appUserOut), nextCursor, ...(q.withTotal ? { total: await appUsersRepo.count(db, q.projectId, q.search) } : {}) };
  }

  async setDisabled(caller: Caller, projectId: string, id: string, disabled: boolean) {
    const { db, clock } = this.deps;
    return db.transaction(async (tx) => {
      const user = await appUsersRepo.byId(tx, projectId, id);
      if (!user) throw notFound();
      const updated = await appUsersRepo.update(tx, id, { disabled });
      await this.users.changed(tx, id);
      const ended = disabled ? await sessionsRepo.endAll(tx, id, 'disabled', clock.now()) : 0;
      await writeAudit(tx, clock, { action: disabled ? 'app-users.disable' : 'app-users.enable', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'app-user', targetId: id, data: { projectId, sessionsEnded: ended } });
      return { appUser: appUserOut(updated) };
    });
  }

  async revokeSessions(caller: Caller, projectId: string, id: string) {
    const { db, clock } = this.deps;
    return db.transaction(async (tx) => {
      if (!(await appUsersRepo.byId(tx, projectId, id))) throw notFound();
      const revoked = await sessionsRepo.endAll(tx, id, 'revoked', clock.now());
      await writeAudit(tx, clock, { action: 'app-users.revokeSessions', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'app-user', targetId: id, data: { projectId, revoked } });
      return { revoked };
    });
  }

  async remove(caller: Caller, projectId: string, id: string) {
    const { db, clock } = this.deps;
    await db.transaction(async (tx) => {
      const gone = await appUsersRepo.remove(tx, projectId, id);
      if (!gone) throw notFound();
      await this.users.changed(tx, id);
      await this.deps.events.publish(tx, appUserDeleted, id, { projectId, appUserId: id, anonymous: gone.anonymous, email: gone.email });
      await writeAudit(tx, clock, { action: 'app-users.delete', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'app-user', targetId: id, data: { projectId, email: gone.email, anonymous: gone.anonymous } });
    });
    return {};
  }

  async methods(projectId: string): Promise<{ methods: AuthMethods }> {
    const row = await appUsersRepo.settings(this.deps.db, projectId);
    return { methods: { anonymous: row?.anonymous ?? false, email: row?.email ?? false, phone: row?.phone ?? false } };
  }

  async setMethods(caller: Caller, projectId: string, methods: AuthMethods): Promise<{ methods: AuthMethods }> {
    const { db, clock } = this.deps;
    return db.transaction(async (tx) => {
      const before = await appUsersRepo.settings(tx, projectId);
      const saved = await appUsersRepo.saveSettings(tx, { projectId, ...methods, updatedAt: clock.now() });
      await writeAudit(tx, clock, { action: 'app-users.authMethods', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'project', targetId: projectId, data: { before: { anonymous: before?.anonymous ?? false, email: before?.email ?? false, phone: before?.phone ?? false }, after: methods } });
      return { methods: { anonymous: saved.anonymous, email: saved.email, phone: saved.phone } };
    });
  }

  async phonePolicy(projectId: string) {
    return { countries: await phoneRepo.countries(this.deps.db, projectId) };
  }

  async setPhonePolicy(caller: Caller, projectId: string, countries: string[]) {
    const { db, clock } = this.deps;
    const unique = [...new Set(countries)].sort();
    return db.transaction(async (tx) => {
      const before = await phoneRepo.countries(tx, projectId);
      const saved = await phoneRepo.saveCountries(tx, projectId, unique, clock.now());
      await writeAudit(tx, clock, { action: 'app-users.phonePolicy', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'project', targetId: projectId, data: { before, after: saved } });
      return { countries: saved };
    });
  }

  /** Texted codes of the last `days` days (UTC), per day with the empty days in, and per country, most first. */
  async smsUsage(projectId: string, days: number) {
    const now = this.deps.clock.now();
    const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
    const rows = await this.deps.sms.usage(this.deps.db, projectId, since);
    const perDay = new Map<string, number>();
    const perCountry = new Map<string, number>();
    for (const r of rows) {
      perDay.set(r.day, (perDay.get(r.day) ?? 0) + r.count);
      perCountry.set(r.country, (perCountry.get(r.country) ?? 0) + r.count);
    }
    const dayList = Array.from({ length: days }, (_, i) => new Date(since.getTime() + i * 86_400_000).toISOString().slice(0, 10));
    return {
      total: rows.reduce((n, r) => n + r.count, 0),
      days: dayList.map((day) => ({ day, count: perDay.get(day) ?? 0 })),
      countries: [...perCountry].map(([country, count]) => ({ country, count })).sort((a, b) => b.count - a.count || a.country.localeCompare(b.country)),
    };
  }
}
