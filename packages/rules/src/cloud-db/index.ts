export * from './model';
export * from './values';
export * from './check';
export * from './evolve';
export * from './schema-file';
export * from './security-rules';
