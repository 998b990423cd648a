export * from './schemas';
export * from './group-calls';
export * from './version-calls';
export * from './open-calls';
