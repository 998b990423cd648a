import { subscribe } from '../../platform/events';
import { appUserDeleted } from '../app-users/public';
import { ratingsRepo } from './repo';

/** A deleted app user's reviews and helpful marks go with them (what they wrote is theirs). */
export const forgetDeletedUser = subscribe({
  name: 'ratings.forgetDeletedUser',
  topic: appUserDeleted,
  maxAttempts: 10,
  async handle(event, tx) {
    await ratingsRepo.forgetAppUser(tx, event.payload.appUserId);
  },
});
