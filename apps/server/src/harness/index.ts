export * from './test-app';
export * from './session-client';
export * from './sample-bytes';
export * from './inject-fetch';
export { createPgliteTemplate, dropTemplate } from './template';
