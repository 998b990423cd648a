import type { FastifyInstance } from 'fastify';
import { fileApi, type FileObject } from '@wharf/contract';
import { zoneOfSite } from '@wharf/rules';
import { registerEndpoint } from '../../../platform/http/register';
import { filesRepo } from '../repo';
import type { FilesServices } from './context';

export function usageRoutes(app: FastifyInstance, { files: s, db }: FilesServices): void {
  registerEndpoint(app, fileApi.usageRouteSite, async ({ caller, query }) => {
    const home = await s.homeSite(caller.teamId!);
    const merged = new Map<string, { bizTag: FileObject['bizTag']; siteId: number; objects: number; bytes: number }>();
    // Files from before sites were recorded count under the team's home site.
    for (const r of await filesRepo.usage(db, caller.teamId!)) {
      const siteId = r.siteId ?? home;
      const key = `${r.bizTag}/${siteId}`;
      const m = merged.get(key) ?? { bizTag: r.bizTag as FileObject['bizTag'], siteId, objects: 0, bytes: 0 };
      m.objects += r.objects;
      m.bytes += r.bytes;
      merged.set(key, m);
    }
    const items = [...merged.values()]
      .filter((m) => query.zoneId === undefined || m.siteId === query.zoneId)
      .sort((a, b) => a.bizTag.localeCompare(b.bizTag) || a.siteId - b.siteId)
      .map((m) => ({ route: fileApi.UPLOAD_ROUTES[m.bizTag], bizTag: m.bizTag, siteId: m.siteId, zone: zoneOfSite(m.siteId), objects: m.objects, bytes: m.bytes }));
    return { items, total: { objects: items.reduce((n, i) => n + i.objects, 0), bytes: items.reduce((n, i) => n + i.bytes, 0) } };
  });
}
