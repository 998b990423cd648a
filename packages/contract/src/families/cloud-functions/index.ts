export * from './schemas';
export * from './calls';
export * from './observe';
export * from './triggers';
export * from './test-events';
export * from './alarms';
export * from './layers';
export * from './preload';
