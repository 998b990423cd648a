import type { Deps } from '../../platform/deps';
import { KeptReads } from '../../platform/kept-reads';
import { appsOfProjects } from '../apps/public';
import { signingCertificates } from '../packages/public';
import { appLinksRepo as repo, type PrefixRow } from './repo';
import { settingsOf } from './settings';

/** "ab12…" → "AB:12:…", as assetlinks.json writes a certificate's SHA-256. */
const colonHex = (hex: string) => hex.toUpperCase().match(/../g)!.join(':');

/**
 * The files phones read to let an installed app open a host's links itself: Android's
 * assetlinks.json (package and signing certificates of the apps' parsed packages), Apple's
 * apple-app-site-association (team ID and the bundle IDs links name) and HarmonyOS's
 * applinking.json (app IDs). The deployment's link host vouches for every project with a
 * path prefix; a project's own host for that project only. Kept a minute per host.
 */
export class AssociationFiles {
  readonly #kept: KeptReads<Record<string, unknown>>;

  constructor(private readonly deps: Pick<Deps, 'db' | 'clock' | 'config'>) {
    this.#kept = new KeptReads({ clock: deps.clock, config: { ...deps.config, distributionCacheTtlMs: 60_000 } }, 1000);
  }

  /** `file` is assetlinks, apple or harmony; `host` null is the deployment's link host. */
  document(file: 'assetlinks' | 'apple' | 'harmony', host: PrefixRow | null): Promise<Record<string, unknown>> {
    return this.#kept.get(`${file}|${host?.id ?? ''}`, () => this.build(file, host));
  }

  private async build(file: 'assetlinks' | 'apple' | 'harmony', host: PrefixRow | null): Promise<Record<string, unknown>> {
    const { db } = this.deps;
    const projectIds = host ? [host.projectId] : await repo.projectsWithPathPrefixes(db);
    const apps = await appsOfProjects(db, projectIds);
    if (file === 'assetlinks') {
      const statements = [];
      for (const app of apps.filter((a) => a.platform === 'android')) {
        const certs = await signingCertificates(db, app.appId);
        if (certs.length) statements.push({ relation: ['delegate_permission/common.handle_all_urls'], target: { namespace: 'android_app', package_name: app.packageName, sha256_cert_fingerprints: certs.map(colonHex) } });
      }
      return { statements };
    }
    if (file === 'harmony') return { applinking: { apps: apps.filter((a) => a.platform === 'harmony').map((a) => ({ appIdentifier: a.appId })) } };
    const details = [];
    for (const projectId of projectIds) {
      const teamId = (await settingsOf(db, projectId)).appleTeamId;
      if (!teamId) continue;
      const bundles = await repo.iosBundleIds(db, projectId);
      if (!bundles.length) continue;
      const paths = host ? ['/*'] : (await repo.prefixes(db, projectId)).filter((p) => p.kind === 'path').map((p) => `/l/${p.name}/*`);
      details.push({ appIDs: bundles.map((b) => `${teamId}.${b}`), components: paths.map((p) => ({ '/': p })) });
    }
    return { applinks: { details } };
  }
}
