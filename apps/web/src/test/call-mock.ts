import { vi } from 'vitest';

/**
 * The request layer's one door as page tests see it. The setup file puts this mock in
 * place of `request/call`'s `callEndpoint` for every file (so the web project can share
 * its loaded modules between files: a `vi.mock` per file cannot), and after each test
 * it forwards to the real client again, which the request-layer tests against a real
 * server use. A page test answers it with `answerCalls` from `fixtures.ts`.
 */
export const callEndpoint = vi.fn();
