import type { Outcome } from './runner';

/** A version's code and what it runs with: the same key means runners may be shared. */
export interface FunctionCode {
  /** Changes whenever the code, its settings or its environment do. */
  key: string;
  /** Relative path → content: the function's files. */
  files: Record<string, string | Uint8Array>;
  entry: string;
  handler: string;
  memoryMb: number;
  timeoutMs: number;
  /** Calls one runner takes at a time. */
  concurrency: number;
  env: Record<string, string>;
}

export type HostOutcome =
  | (Outcome & { coldStart: boolean })
  | { ok: false; reason: 'throttled' | 'unknown' | 'unavailable'; message: string; output: ''; ms: 0; coldStart: false };

export interface HostHealth {
  /** Whether this host can run functions at all (bubblewrap is installed). */
  sandbox: boolean;
  /** Whether memory and process caps hold for whole process trees (control groups). */
  contained: boolean;
  runners: number;
  spare: number;
  busy: number;
  maxRunners: number;
  functions: number;
}

/** One runner as the console's instances view shows it. */
export interface RunnerInfo {
  key: string;
  state: 'starting' | 'idle' | 'busy';
  /** Calls in it now. */
  calls: number;
  /** Epoch ms. */
  startedAt: number;
  lastUsedAt: number;
  /** Its resident memory as its last call ended, MB; null before one has. */
  memoryMb: number | null;
  /** Held warm by a preload policy: not ended while idle. */
  held: boolean;
}

/**
 * What the server asks of a place that runs functions: this machine's pool, a runner
 * service on another machine, or an adapter to another engine (docs/functions-runtime.md).
 */
export interface RunnerHost {
  /** Makes a version's code known (idempotent); runners start when it is called. */
  start(code: FunctionCode): Promise<void>;
  /** Calls it; `unknown` when the host does not hold the code (start it, then call again). */
  invoke(key: string, event: unknown, context: Record<string, unknown>): Promise<HostOutcome>;
  /** Forgets the code and ends its runners. */
  stop(key: string): Promise<void>;
  health(): Promise<HostHealth>;
  /** The runners this host holds now. */
  runners(): Promise<RunnerInfo[]>;
  /**
   * Keeps at least `count` runners of a started key (a preload policy): more are started now
   * when the host has room, and they are not ended while idle; 0 lets them go. Answers how
   * many it holds.
   */
  keepWarm(key: string, count: number): Promise<number>;
  close(): Promise<void>;
}
