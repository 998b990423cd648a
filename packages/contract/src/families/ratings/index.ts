export * from './schemas';
export * from './calls';
export * from './client-calls';
export * from './store-calls';
export * from './manage-calls';
export * from './template-calls';
