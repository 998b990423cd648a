import type { Endpoint } from './kit/endpoint';
import * as consoleFamily from './families/console';

export * from './kit/access';
export * from './kit/permissions';
export * from './kit/ret-codes';
export * from './kit/envelope';
export * from './kit/list';
export * from './kit/endpoint';
export * from './kit/headers';
export * as consoleApi from './families/console';
export type { ClientConfig, FeatureSwitches } from './families/console';

function endpointsOf(family: Record<string, unknown>): Endpoint[] {
  return Object.values(family).filter(
    (v): v is Endpoint => typeof v === 'object' && v !== null && 'fullPath' in v && 'access' in v,
  );
}

/** Every call of the catalogue; the server must register each one (a test checks). */
export const ALL_ENDPOINTS: readonly Endpoint[] = [...endpointsOf(consoleFamily)];
