// What other features may use of app-links: nothing else of this folder.
export { appLinksKeys } from './api/keys';
