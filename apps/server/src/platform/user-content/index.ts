import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { RET_CODES, type RetCodeName } from '@wharf/contract';
import type { Config } from '../../config';
import type { LocalisedText } from '../http/errors';
import { inLanguage, messageLanguage } from '../http/language';
import { endUnusedConnectionsOnClose } from '../http/unused-connections';

/**
 * What every answer of the user-content origin carries. What a user's site may load or
 * call is its own business (it may call its functions or any API); what it must not do is
 * be framed by others, be sniffed into another type, or embed plugins.
 */
const USER_CONTENT_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "frame-ancestors 'self'; base-uri 'self'; object-src 'none'",
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'cross-origin',
  'referrer-policy': 'no-referrer',
};

/**
 * The user-content origin (docs/kernel/user-content-origin.md): a listener of its own,
 * whose routes families add to `app`, and nothing of the console. A page served here
 * cannot read the console's cookies or act with its session.
 */
/**
 * A family that serves whole host names of its own (verified custom domains) on this
 * listener: `serve` answers and returns true when the host is one of its, else false.
 */
export type HostHandler = (req: FastifyRequest, reply: FastifyReply, host: string) => Promise<boolean>;

export class UserContent {
  readonly app: FastifyInstance;
  #origin: string | null;
  #consoleOrigin: string | null;
  readonly #hosts: HostHandler[] = [];

  constructor(private readonly config: Pick<Config, 'userContent' | 'logLevel' | 'trustProxy' | 'publicUrl'>) {
    this.#origin = config.userContent.origin;
    this.#consoleOrigin = config.publicUrl;
    this.app = Fastify({ logger: { level: config.logLevel }, bodyLimit: 1024 * 1024, forceCloseConnections: 'idle', trustProxy: config.trustProxy });
    endUnusedConnectionsOnClose(this.app);
    this.app.addHook('onSend', (_req, reply, payload, done) => {
      for (const [name, value] of Object.entries(USER_CONTENT_HEADERS)) if (!reply.hasHeader(name)) reply.header(name, value);
      // A family's handler must not plant cookies on this origin either.
      reply.removeHeader('set-cookie');
      done(null, payload);
    });
    this.app.setNotFoundHandler((_req, reply) => reply.status(404).type('text/plain; charset=utf-8').send('Not found'));
    this.app.route({
      method: ['GET', 'HEAD', 'POST'],
      url: '/*',
      handler: async (req, reply) => {
        if (!(await this.serveHost(req, reply))) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
        return reply;
      },
    });
  }

  /** Serves whole hosts of a family's own (hosting's custom domains, app links' hosts); the first that claims the host answers. */
  addHostHandler(handler: HostHandler): void {
    this.#hosts.push(handler);
  }

  /** Whether a family's host took the request (a route of a well-known path asks before answering for the listener's own host). */
  async serveHost(req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const host = String(req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    if (!host) return false;
    for (const handler of this.#hosts) if (await handler(req, reply, host)) return true;
    return false;
  }

  /** The console's origin, for links from here to its public pages (an app's store page). */
  get consoleOrigin(): string {
    return this.#consoleOrigin ?? 'http://localhost';
  }

  /** Told by the server once the console listens, when PUBLIC_URL does not name it. */
  consoleListening(origin: string): void {
    this.#consoleOrigin ??= origin;
  }

  /** Where it is reached from outside; known once it listens when not configured. */
  get origin(): string {
    return this.#origin ?? `http://usercontent.localhost:${this.config.userContent.port}`;
  }

  /** An absolute link to a path on the user-content origin. */
  url(path: string): string {
    return new URL(path, this.origin).toString();
  }

  async listen(host: string): Promise<string> {
    await this.app.listen({ port: this.config.userContent.port, host });
    const address = this.app.server.address();
    const port = typeof address === 'object' && address ? address.port : this.config.userContent.port;
    this.#origin ??= `http://usercontent.localhost:${port}`;
    return this.#origin;
  }

  async close(): Promise<void> {
    await this.app.close();
  }
}

/**
 * A refusal from a route of the user-content origin (outside the contract's endpoints), in
 * the contract's envelope and the caller's language, as every Wharf answer.
 */
export function refuseOnUserContent(req: FastifyRequest, reply: FastifyReply, name: RetCodeName, text?: LocalisedText | null, headers: Record<string, string> = {}) {
  const msg = inLanguage(text ?? RET_CODES[name], messageLanguage(req)) ?? RET_CODES[name].en;
  return reply.status(RET_CODES[name].status).headers(headers).type('application/json; charset=utf-8').send({ ret: { code: RET_CODES[name].code, msg } });
}
