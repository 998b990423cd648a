// What other features may use of hosting: nothing else of this folder.
export { hostingKeys } from './api/keys';
