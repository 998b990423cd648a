// What other families may use of age rating: nothing else of this folder.
/** Declaring an app's age (the demo seed declares its apps' as a team would). */
export { AgeRatingService } from './service';
