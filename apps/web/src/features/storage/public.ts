// What other features may use of storage: nothing else of this folder.
export { storageKeys } from './api/keys';
