export * from './schemas';
export * from './calls';
export * from './observe';
export * from './triggers';
