// @wharf/runner: cloud functions' code run in sandboxed processes (docs/functions-runtime.md).
export { Runner, type Outcome, type RunnerOptions } from './runner';
export { bubblewrapAvailable, sandboxArgs, type SandboxLimits } from './sandbox';
