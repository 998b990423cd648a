// What other features may use of api-clients: nothing else of this folder.
export { apiClientsKeys } from './api/keys';
