// What other features may use of remote-config: nothing else of this folder.
export { remoteConfigKeys } from './api/keys';
