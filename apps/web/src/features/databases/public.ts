// What other features may use of database management: nothing yet (the shell finds its pages in routes.tsx).
export { databasesKeys } from './hooks';
