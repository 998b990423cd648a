// What other features may use of analytics: nothing else of this folder.
export { analyticsKeys } from './api/keys';
export { useAudienceChoices } from './api/audiences';
