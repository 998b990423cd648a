/** The kind of this family's tasks in the reviewers' queue (each change is its own subject). */
export const AGE_RATING_TASK = 'ageRating';
