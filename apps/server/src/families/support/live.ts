import type { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/errors';
import { openEventStream } from '../../platform/http/event-stream';
import { STREAMED } from '../../platform/http/register';
import { TICKET_CHANGED, type TicketChanged } from './desk';

const MAX_STREAMS = 20_000;
const FULL = { zh: '实时连接已满，请稍后再试', en: 'Too many live connections on this server; try again later', ru: 'Слишком много живых подключений на этом сервере; повторите позже' };

interface Watcher {
  stream: PassThrough;
  /** Whether this watcher may hear of the ticket. */
  sees: (c: TicketChanged) => boolean;
}

/**
 * The streams that watch tickets: a team's members (their team's tickets they may reach)
 * and the operators (every ticket). A change on any instance reaches them by pub/sub as a
 * `ticket` event naming the ticket; the console then reads it again with the usual checks.
 */
export class TicketStreams {
  readonly #teams = new Map<string, Set<Watcher>>();
  readonly #operators = new Set<Watcher>();
  #open = 0;

  constructor(deps: Pick<Deps, 'pubsub'>) {
    deps.pubsub.subscribe(TICKET_CHANGED, (payload) => {
      const c = payload as TicketChanged;
      const frame = `event: ticket\ndata: ${JSON.stringify({ ticketId: c.ticketId })}\n\n`;
      for (const w of this.#operators) w.stream.write(frame);
      if (c.internal) return;
      for (const w of this.#teams.get(c.teamId) ?? []) if (w.sees(c)) w.stream.write(frame);
    });
  }

  get open(): number {
    return this.#open;
  }

  /** Ends every stream (a closing server): the console reconnects, through the balancer to another instance. */
  closeAll(): void {
    for (const w of this.#operators) w.stream.end();
    for (const set of this.#teams.values()) for (const w of set) w.stream.end();
  }

  /** `teamId` null: an operator's stream of every ticket. */
  listen(teamId: string | null, sees: Watcher['sees'], timeoutSeconds: number, req: FastifyRequest, reply: FastifyReply): typeof STREAMED {
    if (this.#open >= MAX_STREAMS) throw new AppError('rateLimited', FULL, { 'Retry-After': '60' });
    const set = teamId ? (this.#teams.get(teamId) ?? new Set<Watcher>()) : this.#operators;
    if (teamId) this.#teams.set(teamId, set);
    this.#open += 1;
    const watcher: Watcher = {
      sees,
      stream: openEventStream(req, reply, {
        timeoutSeconds,
        retryMs: 2000,
        onClose: () => {
          set.delete(watcher);
          if (teamId && !set.size) this.#teams.delete(teamId);
          this.#open -= 1;
        },
      }),
    };
    set.add(watcher);
    return STREAMED;
  }
}
