import type { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/errors';
import { openEventStream } from '../../platform/http/event-stream';
import { STREAMED } from '../../platform/http/register';
import { PUBLISHED_CHANNEL } from './draft-tx';

/** Open streams one instance holds at most (each is a socket); beyond, 429 and the app retries later. */
const MAX_STREAMS = 20_000;
const FULL = { zh: '实时更新连接已满，请稍后再试', en: 'Too many live update streams on this server; try again later', ru: 'Слишком много потоков обновлений на этом сервере; повторите позже' };

const event = (version: number) => `event: updated\ndata: ${JSON.stringify({ version })}\n\n`;

/**
 * Running apps hear of a published version without waiting for their interval: each holds
 * a server-sent event stream; a publish on any instance reaches every instance by pub/sub,
 * and each tells its own streams of that app the new version number.
 */
export class UpdateStreams {
  readonly #streams = new Map<string, Set<PassThrough>>();
  #open = 0;

  constructor(
    deps: Pick<Deps, 'pubsub'>,
    private readonly liveVersion: (appId: string) => Promise<number>,
  ) {
    deps.pubsub.subscribe(PUBLISHED_CHANNEL, (payload) => void this.#announce((payload as { appId: string }).appId).catch(() => undefined));
  }

  get open(): number {
    return this.#open;
  }

  async stream(appId: string, after: number, timeoutSeconds: number, req: FastifyRequest, reply: FastifyReply): Promise<typeof STREAMED> {
    if (this.#open >= MAX_STREAMS) throw new AppError('rateLimited', FULL, { 'Retry-After': '60' });
    const version = await this.liveVersion(appId);
    const set = this.#streams.get(appId) ?? new Set<PassThrough>();
    this.#streams.set(appId, set);
    this.#open += 1;
    // The app reconnects 5 s after a stream ends, and learns at once of what it missed.
    const stream = openEventStream(req, reply, {
      timeoutSeconds,
      retryMs: 5000,
      onClose: () => {
        set.delete(stream);
        if (!set.size) this.#streams.delete(appId);
        this.#open -= 1;
      },
    });
    set.add(stream);
    if (version > after) stream.write(event(version));
    return STREAMED;
  }

  async #announce(appId: string): Promise<void> {
    if (!this.#streams.get(appId)?.size) return;
    const version = await this.liveVersion(appId);
    for (const stream of this.#streams.get(appId) ?? []) stream.write(event(version));
  }

  /** Ends every stream (shutdown): apps reconnect elsewhere. */
  closeAll(): void {
    for (const set of this.#streams.values()) for (const stream of set) stream.end();
  }
}
