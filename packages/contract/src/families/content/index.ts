export * from './schemas';
export * from './public-calls';
export * from './manage-calls';
