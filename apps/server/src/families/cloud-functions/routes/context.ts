import type { Deps } from '../../../platform/deps';
import type { FunctionAlarms } from '../alarms';
import type { InvocationJournal } from '../journal';
import type { LayerBuilder } from '../layer-build';
import type { FunctionLayers } from '../layers';
import type { FunctionPreload } from '../preload';
import type { FunctionObserver } from '../observe';
import type { CloudFunctionReleases } from '../releases';
import type { FunctionRuntime } from '../runtime';
import type { CloudFunctionsService } from '../service';
import type { TestEvents } from '../test-events';
import type { TriggerRunner } from '../trigger-runs';
import type { FunctionTriggers } from '../triggers';

/** The family's services, handed to every route file. */
export interface CloudFunctionsServices {
  deps: Deps;
  functions: CloudFunctionsService;
  releases: CloudFunctionReleases;
  runtime: FunctionRuntime;
  journal: InvocationJournal;
  observer: FunctionObserver;
  triggers: FunctionTriggers;
  runner: TriggerRunner;
  testEvents: TestEvents;
  alarms: FunctionAlarms;
  layers: FunctionLayers;
  builder: LayerBuilder;
  preload: FunctionPreload;
}
