import type { Family } from '../../platform/deps';
import { EVENT_SUBSCRIPTIONS } from './event-triggers';
import { journalRepo } from './journal-repo';
import { observeRoutes } from './routes/observe';
import { testRoutes } from './routes/test';
import { registerRunnerHosts } from './hosts';
import { cloudFunctionsOf } from './services';
import { registerTrigger } from './trigger';
import { RUNS_WAITING, TIMER_DUE } from './triggers';
import { triggersRepo } from './triggers-repo';
import { triggerRoutes } from './routes/triggers';
import { consoleRoutes } from './routes/console';
import { layerRoutes } from './routes/layers';
import { LAYER_BUILD_QUEUE, type LayerBuildJob } from './layers';

const ROUTES = [consoleRoutes, testRoutes, observeRoutes, triggerRoutes, layerRoutes];
const DAY_MS = 86_400_000;

/** Cloud functions: a project's functions, their versions and aliases, run in sandboxed runners (docs/cloud-functions.md). */
export const cloudFunctionsFamily: Family = {
  name: 'cloud-functions',
  services: [
    {
      id: 'cloud-functions',
      serviceId: 'project.cloudFunctions',
      menuId: 'cloud-functions',
      categoryId: 11,
      names: { cn: '云函数', en: 'Cloud Functions', ru: 'Облачные функции' },
      route: '/projects/:projectId/cloud-functions',
      scope: 'project',
    },
  ],
  subscriptions: EVENT_SUBSCRIPTIONS,
  periodic: [
    { name: 'function invocations', everyMs: () => 1000, run: (deps) => cloudFunctionsOf(deps).journal.flush(deps.db) },
    { name: 'function preload', everyMs: () => 10_000, run: (deps) => cloudFunctionsOf(deps).preload.apply() },
    { name: 'function runners report', everyMs: () => 5000, run: (deps) => cloudFunctionsOf(deps).preload.report() },
    { name: 'function trigger runs', everyMs: () => 1000, run: (deps) => cloudFunctionsOf(deps).runner.drain() },
    // Once a minute an alarm is judged; checking every 15 s spreads that over instances and restarts.
    { name: 'function alarms', everyMs: () => 15_000, run: async (deps) => (await cloudFunctionsOf(deps).journal.flush(deps.db), cloudFunctionsOf(deps).alarms.evaluate()) },
    {
      name: 'function logs pruning',
      everyMs: () => 10 * 60_000,
      run: async (deps) => {
        const before = new Date(deps.clock.now().getTime() - deps.config.functions.logDays * DAY_MS);
        await journalRepo.prune(deps.db, before);
        await triggersRepo.pruneRuns(deps.db, before);
      },
    },
  ],
  register(app, deps) {
    const s = cloudFunctionsOf(deps);
    app.addHook('onClose', async () => {
      await s.journal.flush(deps.db).catch((err: unknown) => deps.log.warn({ err }, 'function invocations not written at close'));
      await s.runtime.close();
    });
    for (const route of ROUTES) route(app, s);
    deps.dueActions.handle(TIMER_DUE, s.triggers.fire);
    deps.jobs.work<LayerBuildJob>(LAYER_BUILD_QUEUE, (job) => s.builder.build(job), (job) => s.builder.gaveUp(job));
    // Runs a firing or a replay wrote start at once on every instance that runs workers (tests drain themselves).
    if (deps.config.jobs) deps.pubsub.subscribe(RUNS_WAITING, () => void s.runner.drain().catch((err: unknown) => deps.log.warn({ err }, 'trigger runs failed')));
    registerTrigger(deps, s.runtime);
    registerRunnerHosts(app, deps);
  },
};
