import { randomBytes } from 'node:crypto';
import type { HostingDomain } from '@wharf/contract';
import { writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { hasTxtProof, systemTxt, txtProof, type TxtResolver } from '../../platform/dns-proof';
import type { Caller } from '../../platform/http/access';
import { conflict, notFound } from '../../platform/http/errors';
import { hostingRepo as repo, type DomainRow } from './repo';
import type { HostingSites } from './sites';
import { WORDS } from './words';

const out = (d: DomainRow): HostingDomain => ({ domain: d.domain, state: d.state, txtName: txtProof(d.domain, d.token).name, txtValue: txtProof(d.domain, d.token).value, checkedAt: d.checkedAt?.toISOString() ?? null, verifiedAt: d.verifiedAt?.toISOString() ?? null });

/**
 * Custom domains: recorded with a token, verified when the TXT record
 * `_wharf-challenge.<domain>` holds it (checked by every instance every few minutes), then
 * served by their Host on the user-content listener. Certificates are the reverse proxy's
 * (docs/hosting.md).
 */
export class HostingDomains {
  constructor(
    private readonly deps: Deps,
    private readonly sites: HostingSites,
    private readonly resolveTxt: TxtResolver = systemTxt,
  ) {}

  async list(projectId: string, site: string) {
    const row = await this.sites.of(this.deps.db, projectId, site);
    return { domains: (await repo.domains(this.deps.db, row.id)).map(out) };
  }

  async add(caller: Caller, projectId: string, site: string, domain: string) {
    const { db, clock } = this.deps;
    return db.transaction(async (tx) => {
      const row = await this.sites.of(tx, projectId, site, true);
      const made = await repo.insertDomain(tx, { siteId: row.id, domain, token: randomBytes(16).toString('hex'), state: 'pending', createdAt: clock.now() });
      if (!made) throw conflict(WORDS.domainTaken(domain));
      await writeAudit(tx, clock, { action: 'hosting.addDomain', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'hosting-site', targetId: row.id, data: { projectId, site, domain } });
      return { domain: out(made) };
    });
  }

  async remove(caller: Caller, projectId: string, site: string, domain: string) {
    const { db, clock } = this.deps;
    await db.transaction(async (tx) => {
      const row = await this.sites.of(tx, projectId, site, true);
      if (!(await repo.deleteDomain(tx, row.id, domain))) throw notFound(WORDS.noDomain(domain));
      await writeAudit(tx, clock, { action: 'hosting.deleteDomain', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'hosting-site', targetId: row.id, data: { projectId, site, domain } });
    });
    return {};
  }

  /** One round of checks: the pending domains least recently checked. */
  async verifyPending(resolveTxt: TxtResolver = this.resolveTxt): Promise<number> {
    const { db, clock } = this.deps;
    let verified = 0;
    for (const d of await repo.pendingDomains(db, 50)) {
      const found = await hasTxtProof(resolveTxt, d.domain, d.token);
      // Asked before the transaction: on the embedded database a second reader would wait for it.
      const teamId = found ? await this.deps.projectScopes.teamOf(d.projectId) : null;
      await db.transaction(async (tx) => {
        await repo.markDomain(tx, d.id, found ? { state: 'verified', checkedAt: clock.now(), verifiedAt: clock.now() } : { checkedAt: clock.now() });
        if (found) await writeAudit(tx, clock, { action: 'hosting.domainVerified', actorKind: 'system', teamId, targetType: 'hosting-site', targetId: d.siteId, data: { projectId: d.projectId, domain: d.domain } });
      });
      if (found) verified += 1;
    }
    return verified;
  }
}
