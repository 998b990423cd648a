export * from './schemas';
export * from './calls';
export * from './client-calls';
export * from './report-schemas';
export * from './report-calls';
