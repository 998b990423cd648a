// What other features may use of app-messaging: nothing else of this folder.
export { appMessagingKeys } from './api/keys';
