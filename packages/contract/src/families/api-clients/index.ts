export * from './schemas';
export * from './roles';
export * from './calls';
