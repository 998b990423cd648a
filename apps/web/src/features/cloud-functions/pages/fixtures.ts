import { cloudFunctionsApi as api, projectApi, type CloudFunction } from '@wharf/contract';
import { FUNCTION_TEMPLATE } from '@wharf/rules';
import type { answerCalls } from '../../../test/fixtures';
import { shellHandlers } from '../../../test/shell';

// What the function page's tests share: one project, one function `orders`, and the calls
// that open its page.

export const OK = { code: 0, msg: 'success' };
export const PROJECT_ID = '00000000-0000-4000-8000-000000000001';
export const FN_ID = '00000000-0000-4000-8000-000000000101';
export const AT = '2026-03-09T12:00:00.000Z';
export const ordersFunction: CloudFunction = {
  functionId: FN_ID, projectId: PROJECT_ID, name: 'orders', runtime: 'nodejs20', handler: 'myHandler', memoryMb: 256, timeoutSeconds: 5, concurrency: 1, description: '', httpAuth: 'none',
  env: [], codeSha256: 'a'.repeat(64), codeSize: 120, codeSource: 'inline', entry: 'index.js', layers: [], latestVersion: null, triggerUrl: `http://usercontent.localhost:8081/functions/${PROJECT_ID}/orders/`, createdAt: AT, updatedAt: AT,
};

/** The answers that open the function's page, with no versions or aliases. */
export const functionPageHandlers = (): Parameters<typeof answerCalls>[1] => ({
  ...shellHandlers(),
  [projectApi.getProject.id]: () => ({ ret: OK, project: { projectId: PROJECT_ID, name: 'P', dataLocation: 'china', createdAt: AT, updatedAt: AT } }),
  [api.getFunction.id]: () => ({ ret: OK, function: ordersFunction, code: FUNCTION_TEMPLATE, sources: { 'index.js': FUNCTION_TEMPLATE }, files: [] }),
  [api.listVersions.id]: () => ({ ret: OK, versions: [] }),
  [api.listAliases.id]: () => ({ ret: OK, aliases: [] }),
  [api.listLayers.id]: () => ({ ret: OK, layers: [] }),
});
