import type { Family } from '../../platform/deps';
import { CloudFunctionReleases } from './releases';
import { listAliasesRoute } from './routes/aliases';
import type { CloudFunctionsServices } from './routes/context';
import { createFunctionRoute } from './routes/create';
import { createAliasRoute } from './routes/create-alias';
import { deleteFunctionRoute } from './routes/delete';
import { deleteAliasRoute } from './routes/delete-alias';
import { deleteVersionRoute } from './routes/delete-version';
import { getFunctionRoute } from './routes/get';
import { listFunctionsRoute } from './routes/list';
import { publishVersionRoute } from './routes/publish';
import { testFunctionRoute } from './routes/test';
import { updateFunctionRoute } from './routes/update';
import { uploadCodeRoute } from './routes/upload-code';
import { updateAliasRoute } from './routes/update-alias';
import { listVersionsRoute } from './routes/versions';
import { registerRunnerHosts } from './hosts';
import { FunctionRuntime } from './runtime';
import { CloudFunctionsService } from './service';
import { registerTrigger } from './trigger';

const ROUTES = [
  listFunctionsRoute, getFunctionRoute, createFunctionRoute, updateFunctionRoute, uploadCodeRoute, deleteFunctionRoute,
  publishVersionRoute, listVersionsRoute, deleteVersionRoute,
  listAliasesRoute, createAliasRoute, updateAliasRoute, deleteAliasRoute, testFunctionRoute,
];

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
