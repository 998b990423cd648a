export * from './schemas';
export * from './calls';
export * from './transition-calls';
export * from './review-calls';
export * from './distribution-calls';
export * from './phased-calls';
export * from './store-calls';
export * from './stats-calls';
