import type { FeedbackDevice } from '../device';
import type { FeedbackInbox } from '../inbox';
import type { Deps } from '../../../platform/deps';

/** The family's services, handed to every route file. */
export interface FeedbackServices {
  device: FeedbackDevice;
  inbox: FeedbackInbox;
  deps: Deps;
}
