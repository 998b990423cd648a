// What other features may use of accounts: the signed-in user.
export { useMe } from './hooks';
