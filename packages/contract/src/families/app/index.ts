export * from './schemas';
export * from './calls';
export * from './more-calls';
export * from './series-calls';
export * from './client-calls';
