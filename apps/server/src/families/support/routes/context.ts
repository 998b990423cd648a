import type { Deps } from '../../../platform/deps';
import type { SupportAttachments } from '../attachments';
import type { TicketStreams } from '../live';
import type { SupportQueue } from '../operator-side';
import type { TeamTickets } from '../team-side';

/** The family's services, handed to every route file. */
export interface SupportServices {
  team: TeamTickets;
  queue: SupportQueue;
  attachments: SupportAttachments;
  streams: TicketStreams;
  deps: Deps;
}
