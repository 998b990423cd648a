// What other features may use of app-users: nothing else of this folder.
export { appUsersKeys } from './api/keys';
