// What other features may use of ab-testing: nothing else of this folder.
export { abTestingKeys } from './api/keys';
