export * from './schemas';
export * from './permission-calls';
export * from './member-calls';
export * from './team-calls';
export * from './audit-calls';
export * from './audit-actions';
