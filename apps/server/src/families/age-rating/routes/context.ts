import type { AgeRatingReview } from '../review';
import type { AgeRatingService } from '../service';
import type { AgeRatingStore } from '../store';

/** The family's services, handed to every route file. */
export interface AgeRatingServices {
  ageRating: AgeRatingService;
  review: AgeRatingReview;
  store: AgeRatingStore;
}
