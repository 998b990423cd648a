import type { Deps } from '../../../platform/deps';
import type { MessageFetch } from '../fetch';
import type { MessagesService } from '../messages';

/** The family's services, handed to every route file. */
export interface AppMessagingServices {
  deps: Deps;
  messages: MessagesService;
  fetch: MessageFetch;
}
