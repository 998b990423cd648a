// @wharf/client: the core every device-facing family's client module is built on.
export { createClient, type ClientOptions, type WharfClient } from './client';
export { readConfig, type ClientConfig, type WharfConfigFile } from './config';
export { WharfError, WHARF_CODES, type WharfErrorCode } from './errors';
export { Auth } from './auth';
export { AUTH_CALLS, type AppUser, type AuthProvider, type SessionAnswer } from './auth-calls';
export type { WharfCall } from './transport';
export type { QueuedCall } from './queue';
export { QUEUE_LIMIT } from './queue';
export { DEFAULT_RETRY, type RetryPolicy } from './retry';
export { memoryStore, defaultStore, type KeyValueStore } from './storage';
export { instanceIdIn } from './instance';
export { serverEvents, type ServerEvent } from './events';
