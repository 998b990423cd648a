// What other features may use of age rating: nothing else of this folder.
/** The age-rating section of an app's store page. */
export { StoreAgeRating } from './components/StoreAgeRating';
/** A version's age beside the app's declaration. */
export { DeclaredAge, useDeclaredAge } from './components/DeclaredAge';
/** The reviewers' queue tab of age-rating changes. */
export { useAgeRatingReviewTab } from './components/AgeRatingReviewTab';
