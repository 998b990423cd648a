// What other features may use of ratings: nothing else of this folder.
export { ratingsKeys } from './api/keys';
/** The ratings and reviews section of an app's store page. */
export { StoreReviews } from './components/StoreReviews';
/** The reviewers' queue tab of app reviews. */
export { useReviewModerationTab } from './components/ModerationTab';
