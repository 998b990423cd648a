import type { Family } from '../../platform/deps';
import { CloudFunctionReleases } from './releases';
import type { CloudFunctionsServices } from './routes/context';
import { testRoutes } from './routes/test';
import { registerRunnerHosts } from './hosts';
import { FunctionRuntime } from './runtime';
import { CloudFunctionsService } from './service';
import { registerTrigger } from './trigger';
import { consoleRoutes } from './routes/console';

const ROUTES = [consoleRoutes, testRoutes];

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
  register(app, deps) {
    const runtime = new FunctionRuntime(deps);
    app.addHook('onClose', async () => runtime.close());
    const forget = (functionId: string) => runtime.forget(functionId);
    const s: CloudFunctionsServices = { functions: new CloudFunctionsService(deps, forget), releases: new CloudFunctionReleases(deps, forget), runtime };
    for (const route of ROUTES) route(app, s);
    registerTrigger(deps, runtime);
    registerRunnerHosts(app, deps);
  },
};
