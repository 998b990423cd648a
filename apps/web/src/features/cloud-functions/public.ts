// What other features may use of cloud-functions: nothing else of this folder.
export { cloudFunctionsKeys } from './api/keys';
