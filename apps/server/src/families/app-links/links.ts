import { randomInt } from 'node:crypto';
import type { Link, LinkSettings, LinkTargetsValue } from '@wharf/contract';
import { APP_LINK_LIMITS, linkAddresses, linkTargetProblem, RANDOM_SUFFIX_ALPHABET } from '@wharf/rules';
import { auditActor, writeAudit } from '../../platform/audit';
import type { DbOrTx } from '../../platform/db/types';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { decodeCursor, pageOf } from '../../platform/http/cursor';
import { AppError, conflict, invalidInput, notFound } from '../../platform/http/errors';
import { appsOfProjects } from '../apps/public';
import { linkOut } from './out';
import { appLinksRepo as repo, type LinkRow, type PrefixRow } from './repo';
import { dayStart, settingsOf } from './settings';
import type { StoredTargets } from './tables';
import { WORDS } from './words';

type Targets = LinkTargetsValue;
export type NewLink = Targets & { prefixId: string; suffix?: string | undefined };

const randomSuffix = () => Array.from({ length: APP_LINK_LIMITS.randomSuffix }, () => RANDOM_SUFFIX_ALPHABET[randomInt(RANDOM_SUFFIX_ALPHABET.length)]).join('');

function stored(t: Targets): StoredTargets {
  const { name: _n, expiresAt: _e, ...rest } = t;
  const { prefixId: _p, suffix: _s, ...targets } = rest as Targets & Partial<Pick<NewLink, 'prefixId' | 'suffix'>>;
  return { ...targets, utm: Object.fromEntries(Object.entries(t.utm).filter((e): e is [string, string] => !!e[1])) };
}

/** A project's short links: made, changed, turned off, deleted (the address stays taken). */
export class LinksService {
  constructor(
    private readonly deps: Pick<Deps, 'db' | 'clock' | 'userContent'>,
    private readonly forget: (prefixId: string, suffixKey: string) => void,
  ) {}

  private out(r: LinkRow, prefixes: readonly PrefixRow[]): Link {
    return linkOut(r, prefixes.find((p) => p.id === r.prefixId)!, this.deps.userContent.origin);
  }

  async list(projectId: string, q: { pageSize: number; cursor?: string | undefined; withTotal: boolean; search?: string | undefined; prefixId?: string | undefined }) {
    const { db } = this.deps;
    const rows = await repo.page(db, projectId, q.pageSize + 1, { before: q.cursor ? decodeCursor(q.cursor) : undefined, search: q.search, prefixId: q.prefixId });
    const { page, nextCursor } = pageOf(rows, q.pageSize, (r) => ({ at: r.createdAt, id: r.id }));
    const prefixes = await repo.prefixes(db, projectId);
    return { items: page.map((r) => this.out(r, prefixes)), nextCursor, ...(q.withTotal ? { total: await repo.count(db, projectId) } : {}) };
  }

  async get(projectId: string, linkId: string) {
    const { db } = this.deps;
    const row = await repo.link(db, projectId, linkId);
    if (!row) throw notFound(WORDS.noLink);
    return { link: this.out(row, await repo.prefixes(db, projectId)) };
  }

  /** Checks what links would send people to: the allowed hosts, the project's apps on their platforms, a future expiry. */
  private async check(db: DbOrTx, projectId: string, settings: LinkSettings, links: readonly Targets[]) {
    const apps = await appsOfProjects(db, [projectId]);
    const now = this.deps.clock.now();
    for (const l of links) {
      for (const url of linkAddresses(l)) if (linkTargetProblem(url, settings.allowedHosts) === 'host') throw invalidInput(WORDS.hostNotAllowed(new URL(url).hostname));
      for (const [id, platform] of [[l.androidAppId, 'android'], [l.harmonyAppId, 'harmony']] as const) {
        if (id && !apps.some((a) => a.appId === id && a.platform === platform)) throw invalidInput(WORDS.notProjectApp(platform));
      }
      if (l.expiresAt && new Date(l.expiresAt) <= now) throw invalidInput(WORDS.expiredBeforeNow);
    }
  }

  /** One link or many (bulk), all made or none: suffixes free, the daily limit kept. */
  async create(caller: Caller, projectId: string, links: readonly NewLink[]) {
    const { db, clock } = this.deps;
    return db.transaction(async (tx) => {
      const settings = await settingsOf(tx, projectId);
      const today = await repo.createdSince(tx, projectId, dayStart(clock.now()));
      if (today + links.length > settings.perDayLimit) throw new AppError('rateLimited', WORDS.dailyLimit(settings.perDayLimit));
      await this.check(tx, projectId, settings, links);
      const prefixes = await repo.prefixes(tx, projectId);
      const made: LinkRow[] = [];
      for (const prefixId of new Set(links.map((l) => l.prefixId))) {
        const prefix = prefixes.find((p) => p.id === prefixId);
        if (!prefix) throw notFound(WORDS.noPrefix);
        if (prefix.state !== 'verified') throw conflict(WORDS.prefixNotVerified);
        made.push(...(await this.insert(tx, caller, projectId, links.filter((l) => l.prefixId === prefixId))));
      }
      for (const row of made) {
        await writeAudit(tx, clock, { action: 'app-links.create', teamId: caller.teamId, ...auditActor(caller), targetType: 'link', targetId: row.id, data: { projectId, suffix: row.suffix, deepLink: row.targets.deepLink } });
      }
      const order = new Map(made.map((r, i) => [r.id, i]));
      return { links: made.sort((a, b) => order.get(a.id)! - order.get(b.id)!).map((r) => this.out(r, prefixes)) };
    });
  }

  private async insert(tx: DbOrTx, caller: Caller, projectId: string, links: readonly NewLink[]): Promise<LinkRow[]> {
    const now = this.deps.clock.now();
    const custom = links.flatMap((l) => (l.suffix ? [l.suffix.toLowerCase()] : []));
    const twice = custom.find((k, i) => custom.indexOf(k) !== i);
    if (twice) throw invalidInput(WORDS.suffixTwice(twice));
    const taken = await repo.takenSuffixes(tx, links[0]!.prefixId, custom);
    const clash = links.find((l) => l.suffix && taken.has(l.suffix.toLowerCase()));
    if (clash) throw conflict(WORDS.suffixTaken(clash.suffix!));
    const rows = [];
    for (const l of links) {
      // A random suffix that happens to be taken is drawn again; a custom one refuses.
      for (let attempt = 0; ; attempt += 1) {
        const suffix = l.suffix ?? randomSuffix();
        const [row] = await repo.insertLinks(tx, [{ projectId, prefixId: l.prefixId, suffix, suffixKey: suffix.toLowerCase(), name: l.name, state: 'active', targets: stored(l), expiresAt: l.expiresAt ? new Date(l.expiresAt) : null, createdBy: caller.userId ?? caller.clientId, createdAt: now, updatedAt: now }]);
        if (row) {
          rows.push(row);
          break;
        }
        if (l.suffix || attempt > 5) throw conflict(WORDS.suffixTaken(suffix));
      }
    }
    return rows;
  }

  async update(caller: Caller, projectId: string, linkId: string, input: Targets & { enabled: boolean }) {
    const { db, clock } = this.deps;
    return db.transaction(async (tx) => {
      const row = await repo.link(tx, projectId, linkId);
      if (!row) throw notFound(WORDS.noLink);
      if (row.state === 'takenDown' && input.enabled) throw conflict(WORDS.takenDown);
      const { enabled, ...targets } = input;
      await this.check(tx, projectId, await settingsOf(tx, projectId), [targets]);
      const state = row.state === 'takenDown' ? 'takenDown' : enabled ? 'active' : 'disabled';
      const next = await repo.updateLink(tx, linkId, { name: targets.name, targets: stored(targets), expiresAt: targets.expiresAt ? new Date(targets.expiresAt) : null, state, updatedAt: clock.now() });
      await writeAudit(tx, clock, { action: 'app-links.update', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'link', targetId: linkId, data: { projectId, suffix: row.suffix, state } });
      this.forget(row.prefixId, row.suffixKey);
      return { link: this.out(next!, await repo.prefixes(tx, projectId)) };
    });
  }

  async remove(caller: Caller, projectId: string, linkId: string) {
    const { db, clock } = this.deps;
    await db.transaction(async (tx) => {
      const row = await repo.link(tx, projectId, linkId);
      if (!row) throw notFound(WORDS.noLink);
      await repo.updateLink(tx, linkId, { deletedAt: clock.now(), updatedAt: clock.now() });
      await writeAudit(tx, clock, { action: 'app-links.delete', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'link', targetId: linkId, data: { projectId, suffix: row.suffix } });
      this.forget(row.prefixId, row.suffixKey);
    });
    return {};
  }
}
