// Every table, platform and families: what drizzle-kit reads and what the db client types.
export * from './tables';
export * from '../../families/accounts/tables';
export * from '../../families/reports/tables';
export * from '../../families/content/tables';
export * from '../../families/projects/tables';
export * from '../../families/apps/tables';
export * from '../../families/files/tables';
export * from '../../families/packages/tables';
export * from '../../families/versions/tables';
export * from '../../families/testing/tables';
export * from '../../families/immersive/tables';
export * from '../../families/qualifications/tables';
export * from '../../families/agreements/tables';
