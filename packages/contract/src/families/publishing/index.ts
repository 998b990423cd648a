export * from './schemas';
export * from './calls';
export * from './project-calls';
