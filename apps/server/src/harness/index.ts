export * from './test-app';
export * from './session-client';
export * from './sample-bytes';
export * from './inject-fetch';
export { adminQuery, createPgliteTemplate, dropTemplate, withDatabase } from './template';
export { startBalancer, type Balancer } from './balancer';
