import type { CloudFunctionReleases } from '../releases';
import type { FunctionRuntime } from '../runtime';
import type { CloudFunctionsService } from '../service';

/** The family's services, handed to every route file. */
export interface CloudFunctionsServices {
  functions: CloudFunctionsService;
  releases: CloudFunctionReleases;
  runtime: FunctionRuntime;
}
