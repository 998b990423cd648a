import type { LinkReport } from '@wharf/contract';
import { writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { notFound } from '../../platform/http/errors';
import { prefixUrl } from './out';
import { appLinksRepo as repo } from './repo';
import { WORDS } from './words';

/** Reports from preview pages, and the operator's takedown queue. */
export class LinkReports {
  constructor(
    private readonly deps: Pick<Deps, 'db' | 'clock' | 'userContent' | 'projectScopes'>,
    private readonly forget: (prefixId: string, suffixKey: string) => void,
  ) {}

  /** A visitor's report (one open report per link, counted); unknown links are let go quietly. */
  async report(linkId: string, reason: string): Promise<void> {
    if (!/^[0-9a-f-]{36}$/.test(linkId)) return;
    const { db, clock } = this.deps;
    await db.transaction(async (tx) => {
      await repo.report(tx, linkId, reason.trim().slice(0, 500) || '—', clock.now());
    }).catch(() => undefined);
  }

  async open(): Promise<{ reports: LinkReport[] }> {
    const rows = await repo.openReports(this.deps.db);
    return {
      reports: rows.map(({ r, l, p }) => ({
        reportId: r.id,
        linkId: l.id,
        shortLink: prefixUrl(p, this.deps.userContent.origin) + l.suffix,
        deepLink: l.targets.deepLink,
        projectId: l.projectId,
        reason: r.reason,
        reports: r.reports,
        linkState: l.state,
        createdAt: r.createdAt.toISOString(),
      })),
    };
  }

  async decide(caller: Caller, reportId: string, decision: 'takeDown' | 'dismiss') {
    const { db, clock } = this.deps;
    const rows = await repo.openReports(db);
    const found = rows.find((x) => x.r.id === reportId);
    const teamId = found ? await this.deps.projectScopes.teamOf(found.l.projectId) : null;
    await db.transaction(async (tx) => {
      const linkId = await repo.decideReport(tx, reportId, decision === 'takeDown' ? 'takenDown' : 'dismissed', caller.userId!, clock.now());
      if (!linkId || !found) throw notFound(WORDS.noReport);
      if (decision === 'takeDown') await repo.updateLink(tx, linkId, { state: 'takenDown', updatedAt: clock.now() });
      await writeAudit(tx, clock, { action: decision === 'takeDown' ? 'app-links.takeDown' : 'app-links.dismissReport', actorKind: 'operator', actorId: caller.userId, ip: caller.ip, teamId, targetType: 'link', targetId: linkId, data: { projectId: found.l.projectId, suffix: found.l.suffix, reports: found.r.reports } });
    });
    if (found) this.forget(found.l.prefixId, found.l.suffixKey);
    return {};
  }
}
