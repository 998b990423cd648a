export * from './schemas';
export * from './calls';
export * from './client-calls';
export * from './report-schemas';
export * from './report-calls';
export * from './audience-schemas';
export * from './audience-calls';
export * from './distribution-calls';
