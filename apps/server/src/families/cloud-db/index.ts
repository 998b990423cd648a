import type { Deps, Family } from '../../platform/deps';
import { perDeps } from '../../platform/per-deps';
import { SchemaCatalog } from './catalog';
import { CloudDbCommit } from './commit';
import { CloudDbDocuments } from './document-service';
import { dropDeletedProject } from './events';
import { LiveQueries } from './live';
import { purgeExpired } from './retention';
import { clientRoutes } from './routes/client';
import { consoleRoutes } from './routes/console';
import { dataRoutes } from './routes/data';
import { serverRoutes } from './routes/server';
import { ServerReach } from './server-reach';
import { CloudDbSchema } from './schema-service';
import { CloudDbTransfers, runTransfers } from './transfers';

/** One catalogue and document service per server (an app built around its deps), shared by routes and workers. */
const documentsOf = perDeps((deps) => {
  const catalog = new SchemaCatalog(deps);
  return { catalog, documents: new CloudDbDocuments({ ...deps, catalog }) };
});

/** Cloud DB: a project's typed documents in zones, under each object type's rights, read and written by its apps. */
export const cloudDbFamily: Family = {
  name: 'cloud-db',
  services: [
    {
      id: 'cloud-db',
      serviceId: 'project.cloudDb',
      menuId: 'cloud-db',
      categoryId: 11,
      names: { cn: '云数据库', en: 'Cloud DB', ru: 'Облачная база данных' },
      route: '/projects/:projectId/cloud-db',
      scope: 'project',
    },
  ],
  subscriptions: [dropDeletedProject],
  periodic: [
    { name: 'cloud-db retention', everyMs: () => 3_600_000, run: (deps) => purgeExpired(deps) },
    { name: 'cloud-db transfers', everyMs: () => 1000, run: (deps) => runCloudDbTransfers(deps) },
  ],
  register(app, deps) {
    const { catalog, documents } = documentsOf(deps);
    const live = new LiveQueries(deps, documents);
    // Open streams would hold a closing server's sockets until their timeout: end them first.
    app.addHook('preClose', (done) => {
      live.closeAll();
      done();
    });
    const s = { schema: new CloudDbSchema({ ...deps, catalog }), documents, commit: new CloudDbCommit(deps, documents), live, transfers: new CloudDbTransfers({ ...deps, documents }) };
    consoleRoutes(app, s);
    dataRoutes(app, deps, s);
    clientRoutes(app, s);
    serverRoutes(app, deps, new ServerReach(deps), s);
  },
};

/** One run of the transfers worker (tests call it themselves). */
export const runCloudDbTransfers = (deps: Deps) => runTransfers({ ...deps, documents: documentsOf(deps).documents });
