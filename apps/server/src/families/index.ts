import type { Family } from '../platform/deps';
import { consoleFamily } from './console';

/** The list of families: one line each. */
export const FAMILIES: readonly Family[] = [consoleFamily];
