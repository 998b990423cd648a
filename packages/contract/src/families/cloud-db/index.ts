export * from './schemas';
export * from './calls';
export * from './client-calls';
export * from './data-calls';
export * from './server-calls';
