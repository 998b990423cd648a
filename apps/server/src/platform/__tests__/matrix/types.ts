import type { TestUser } from '../../../harness';
import type { Seed } from './seed';

/** One request, as `TestUser.call` sends it. */
export interface MatrixCall {
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  /** A raw body (uploads), sent as application/octet-stream. */
  raw?: Buffer;
  /** Headers of the call: an app client's `client_id` and `api_key` (`app-client` calls). */
  headers?: Record<string, string>;
}

/**
 * How the matrix calls one endpoint of the contract. `build` answers a request that is
 * valid on team A's real data (ids of A's rows, bodies the schema accepts), creating fresh
 * rows first when the call consumes or changes what it acts on, so that later cases still
 * find the seed as it was.
 */
export interface Builder {
  build(s: Seed): Promise<MatrixCall> | MatrixCall;
  /**
   * Who makes the call that must succeed. Default: A's account holder for team, app and
   * session calls, the platform operator for operator calls, nobody for anonymous and
   * device calls.
   */
  caller?: (s: Seed) => Promise<TestUser | null> | TestUser | null;
  /** The correct caller's answer when it is not 200 with ret.code 0, and why (keep these few). */
  expect?: { status: number; code: number; why: string };
  /** Why team B's member is not tried on this call (it acts on the caller's own session only). */
  noCrossTeam?: string;
  /** Strings an anonymous or device answer may show although they are A's (public facts): why. */
  reveals?: (s: Seed) => { values: string[]; why: string };
}

export type Builders = Record<string, Builder>;
