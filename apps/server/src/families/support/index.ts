import type { Family } from '../../platform/deps';
import { SupportAttachments } from './attachments';
import { TicketDesk } from './desk';
import { TicketStreams } from './live';
import { SupportQueue } from './operator-side';
import { supportRepo } from './repo';
import { operatorRoutes } from './routes/operator';
import type { SupportServices } from './routes/context';
import { teamRoutes } from './routes/team';
import { TeamTickets } from './team-side';
import { handleSupportTimers } from './timers';

const ROUTES = [teamRoutes, operatorRoutes];

/** Support: the team's tickets to the platform's operators, a live conversation each, and the operators' desk. */
export const supportFamily: Family = {
  name: 'support',
  // A ticket stays with the team that opened it; an app that moves to another team is no longer named by it.
  lifecycle: () => ({
    appMoving: async (tx, move) => {
      await supportRepo.forgetApp(tx, move.appId);
      return [];
    },
  }),
  register(app, deps) {
    const desk = new TicketDesk(deps);
    handleSupportTimers(deps, desk);
    const streams = new TicketStreams(deps);
    // Open streams would hold a closing server's sockets until their timeout: end them first.
    app.addHook('preClose', (done) => {
      streams.closeAll();
      done();
    });
    const s: SupportServices = { team: new TeamTickets(desk), queue: new SupportQueue(desk), attachments: new SupportAttachments(deps), streams, deps };
    for (const route of ROUTES) route(app, s);
  },
};
