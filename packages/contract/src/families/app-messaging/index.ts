export * from './schemas';
export * from './calls';
