// @wharf/runner: cloud functions' code run in sandboxed processes (docs/functions-runtime.md).
export { Runner, type HttpAnswer, type LoadOptions, type LogLine, type Outcome, type RunnerOptions, type SpawnOptions } from './runner';
export { bubblewrapAvailable, sandboxArgs, type SandboxLimits } from './sandbox';
export { RunnerPool, type PoolOptions } from './pool';
export type { FunctionCode, HostHealth, HostOutcome, RunnerHost, RunnerInfo } from './host';
export { reachable, startEgressProxy, type EgressOptions, type EgressProxy } from './egress';
export { runnerService } from './service';
export { RemoteRunnerHost } from './remote';
export { tokenMatches } from './wire';
export { buildPackages, NPM_DIR, type BuildOutcome, type PackageBuild } from './build';
