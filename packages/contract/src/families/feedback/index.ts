export * from './schemas';
export * from './calls';
export * from './client-calls';
