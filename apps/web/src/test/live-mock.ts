import { vi } from 'vitest';
import type { listenEndpoint as realListenEndpoint } from '../request/live';

/**
 * The live event streams as page tests see them: jsdom has no streaming fetch to hold one
 * open, so the setup file puts this mock in place of `request/live`'s `listenEndpoint`,
 * answering nothing until a test sends an event through `onEvent` of the call it reads.
 * The browser tests hold real streams.
 */
export const listenEndpoint = vi.fn<typeof realListenEndpoint>(async () => undefined);
