import { randomBytes } from 'node:crypto';
import { writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { hasTxtProof, systemTxt, type TxtResolver } from '../../platform/dns-proof';
import type { Caller } from '../../platform/http/access';
import { conflict, notFound } from '../../platform/http/errors';
import { prefixOut } from './out';
import { appLinksRepo as repo } from './repo';
import { WORDS } from './words';

type NewPrefix = { kind: 'path'; name: string } | { kind: 'host'; host: string };

/**
 * Link prefixes: a path name on the deployment's link host (usable at once), or a host name
 * of the project's own, usable once `_wharf-challenge.<host>` holds its token (checked by
 * every instance every few minutes; certificates are the reverse proxy's).
 */
export class LinkPrefixes {
  constructor(
    private readonly deps: Pick<Deps, 'db' | 'clock' | 'userContent' | 'projectScopes'>,
    private readonly forget: (kind: 'path' | 'host', name: string) => void,
    private readonly resolveTxt: TxtResolver = systemTxt,
  ) {}

  async list(projectId: string) {
    const rows = await repo.prefixes(this.deps.db, projectId);
    return { prefixes: rows.map((p) => prefixOut(p, this.deps.userContent.origin)) };
  }

  async create(caller: Caller, projectId: string, input: NewPrefix) {
    const { db, clock } = this.deps;
    const name = input.kind === 'path' ? input.name : input.host;
    return db.transaction(async (tx) => {
      const made = await repo.insertPrefix(tx, {
        projectId,
        kind: input.kind,
        name,
        token: input.kind === 'host' ? randomBytes(16).toString('hex') : null,
        state: input.kind === 'path' ? 'verified' : 'pending',
        createdAt: clock.now(),
      });
      if (!made) throw conflict(WORDS.prefixTaken(name));
      await writeAudit(tx, clock, { action: 'app-links.createPrefix', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'link-prefix', targetId: made.id, data: { projectId, kind: input.kind, name } });
      this.forget(made.kind, made.name);
      return { prefix: prefixOut({ ...made, links: 0 }, this.deps.userContent.origin) };
    });
  }

  async remove(caller: Caller, projectId: string, prefixId: string) {
    const { db, clock } = this.deps;
    await db.transaction(async (tx) => {
      const prefix = (await repo.prefixes(tx, projectId)).find((p) => p.id === prefixId);
      if (!prefix) throw notFound(WORDS.noPrefix);
      if (prefix.links > 0) throw conflict(WORDS.prefixHasLinks(prefix.links));
      await repo.deletePrefix(tx, prefixId);
      await writeAudit(tx, clock, { action: 'app-links.deletePrefix', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'link-prefix', targetId: prefixId, data: { projectId, kind: prefix.kind, name: prefix.name } });
      this.forget(prefix.kind, prefix.name);
    });
    return {};
  }

  /** One round of checks: the pending hosts least recently checked. */
  async verifyPending(resolveTxt: TxtResolver = this.resolveTxt): Promise<number> {
    const { db, clock } = this.deps;
    let verified = 0;
    for (const p of await repo.pendingHosts(db, 50)) {
      const found = await hasTxtProof(resolveTxt, p.name, p.token!);
      // Asked before the transaction: on the embedded database a second reader would wait for it.
      const teamId = found ? await this.deps.projectScopes.teamOf(p.projectId) : null;
      await db.transaction(async (tx) => {
        await repo.markPrefix(tx, p.id, found ? { state: 'verified', checkedAt: clock.now(), verifiedAt: clock.now() } : { checkedAt: clock.now() });
        if (found) await writeAudit(tx, clock, { action: 'app-links.hostVerified', actorKind: 'system', teamId, targetType: 'link-prefix', targetId: p.id, data: { projectId: p.projectId, host: p.name } });
      });
      if (found) {
        this.forget('host', p.name);
        verified += 1;
      }
    }
    return verified;
  }
}
