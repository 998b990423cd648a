// What other families may use of accounts: nothing else of this folder.

/** The teams and users tables, for the foreign keys of a team's own data (cascade on delete). */
export { teams, users } from './tables';
