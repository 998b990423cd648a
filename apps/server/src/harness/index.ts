export * from './test-app';
export * from './session-client';
