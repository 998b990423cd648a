export { buildApp, type BuildOptions, type BuiltApp } from './app';
export { startServer, type RunningServer } from './server';
export { loadConfig, type Config } from './config';
export type { Deps, Family } from './platform/deps';
