import type { Deps } from '../../platform/deps';
import { perDeps } from '../../platform/per-deps';
import { FunctionAlarms } from './alarms';
import { LayerBuilder } from './layer-build';
import { FunctionLayers } from './layers';
import { FunctionPreload } from './preload';
import { InvocationJournal } from './journal';
import { FunctionObserver } from './observe';
import { CloudFunctionReleases } from './releases';
import type { CloudFunctionsServices } from './routes/context';
import { FunctionRuntime } from './runtime';
import { TestEvents } from './test-events';
import { TriggerRunner } from './trigger-runs';
import { FunctionTriggers } from './triggers';
import { CloudFunctionsService } from './service';

/** The family's services, one set per running server (the runtime's caches and the journal's buffer exist once). */
export const cloudFunctionsOf = perDeps((deps: Deps): CloudFunctionsServices => {
  const journal = new InvocationJournal();
  const runtime = new FunctionRuntime(deps, undefined, journal);
  const forget = (functionId: string) => runtime.forget(functionId);
  return {
    deps, functions: new CloudFunctionsService(deps, forget), releases: new CloudFunctionReleases(deps, forget), runtime, journal, observer: new FunctionObserver(deps, journal),
    triggers: new FunctionTriggers(deps), runner: new TriggerRunner(deps, runtime), testEvents: new TestEvents(deps), alarms: new FunctionAlarms(deps),
    layers: new FunctionLayers(deps), builder: new LayerBuilder(deps), preload: new FunctionPreload(deps, runtime),
  };
});
