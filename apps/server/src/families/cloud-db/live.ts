import { createHash } from 'node:crypto';
import type { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ObjectQuery } from '@wharf/contract';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/errors';
import { openEventStream } from '../../platform/http/event-stream';
import { STREAMED } from '../../platform/http/register';
import { reachOf, ownerOf, type Actor } from './access';
import { SCHEMA_CHANGED } from './catalog';
import type { CloudDbDocuments, Target } from './document-service';

/** Instances hear of every write by pub/sub: which object type of which zone changed. */
export const DOCUMENTS_CHANGED = 'cloud-db.documents-changed';
export interface DocumentsChanged {
  projectId: string;
  partition: string;
  table: string;
}

const MAX_STREAMS = 20_000;
const FULL = { zh: '实时查询连接已满，请稍后再试', en: 'Too many live queries on this server; try again later', ru: 'Слишком много живых запросов на этом сервере; повторите позже' };

type LiveQuery = Omit<ObjectQuery, 'cursor' | 'offset'>;

/** Every stream of one query as one caller reaches it: run once per change, whoever listens. */
interface Group {
  target: Target;
  actor: Actor;
  query: LiveQuery;
  streams: Set<PassThrough>;
  etag: string | null;
  frame: string | null;
  running: Promise<void> | null;
  again: boolean;
}

const frameOf = (etag: string, objects: unknown[]) => `event: snapshot\ndata: ${JSON.stringify({ etag, objects })}\n\n`;

/**
 * Live queries: a stream per listening app; listeners of the same query with the same
 * reach share one group, whose query runs again after any write to its type and zone on
 * any instance (pub/sub), and whose new result (a changed etag) is written to each stream.
 */
export class LiveQueries {
  /** Groups by `project/partition/table`, then by query and reach. */
  readonly #groups = new Map<string, Map<string, Group>>();
  #open = 0;

  constructor(
    private readonly deps: Pick<Deps, 'pubsub'>,
    private readonly documents: CloudDbDocuments,
  ) {
    deps.pubsub.subscribe(DOCUMENTS_CHANGED, (payload) => {
      const p = payload as DocumentsChanged;
      for (const group of this.#groups.get(`${p.projectId}/${p.partition}/${p.table}`)?.values() ?? []) this.#refresh(group);
    });
    // A changed schema (a type or zone deleted, rights changed) ends the project's streams: apps reconnect and are checked afresh.
    deps.pubsub.subscribe(SCHEMA_CHANGED, (payload) => this.#endProject((payload as { projectId: string }).projectId));
  }

  get open(): number {
    return this.#open;
  }

  async listen(t: Target, actor: Actor, query: LiveQuery, since: string | undefined, timeoutSeconds: number, req: FastifyRequest, reply: FastifyReply): Promise<typeof STREAMED> {
    if (this.#open >= MAX_STREAMS) throw new AppError('rateLimited', FULL, { 'Retry-After': '60' });
    const reach = reachOf(t.type, actor, 'Read');
    const place = `${t.projectId}/${t.partition}/${t.tableName}`;
    const key = JSON.stringify([query.where, query.orderBy, query.limit, reach === 'own' ? ownerOf(actor) : null, t.type.objectTypeName]);
    const groups = this.#groups.get(place) ?? new Map<string, Group>();
    this.#groups.set(place, groups);
    let group = groups.get(key);
    if (!group) {
      group = { target: t, actor, query, streams: new Set(), etag: null, frame: null, running: null, again: false };
      groups.set(key, group);
    }
    // The first listener's query runs before the stream opens: a refusal is still a plain answer.
    if (group.frame === null) await this.#run(group);
    this.#open += 1;
    const g = group;
    const stream = openEventStream(req, reply, {
      timeoutSeconds,
      retryMs: 2000,
      onClose: () => {
        g.streams.delete(stream);
        if (!g.streams.size) {
          groups.delete(key);
          if (!groups.size) this.#groups.delete(place);
        }
        this.#open -= 1;
      },
    });
    g.streams.add(stream);
    if (g.frame && g.etag !== since) stream.write(g.frame);
    return STREAMED;
  }

  /** Runs the group's query again after a change; changes meanwhile make one more run, not one each. */
  #refresh(group: Group): void {
    if (group.running) {
      group.again = true;
      return;
    }
    group.running = this.#run(group)
      .catch(() => {
        // The type or zone went away, or the database is briefly out: the streams end and apps reconnect.
        for (const s of group.streams) s.end();
      })
      .finally(() => {
        group.running = null;
        if (group.again) {
          group.again = false;
          this.#refresh(group);
        }
      });
  }

  async #run(group: Group): Promise<void> {
    const { objects } = await this.documents.query(group.target, group.actor, { ...group.query, offset: 0 });
    const etag = createHash('sha256').update(JSON.stringify(objects)).digest('base64url').slice(0, 22);
    if (etag === group.etag) return;
    group.etag = etag;
    group.frame = frameOf(etag, objects);
    for (const s of group.streams) s.write(group.frame);
  }

  #endProject(projectId: string): void {
    for (const [place, groups] of this.#groups) {
      if (!place.startsWith(`${projectId}/`)) continue;
      for (const g of groups.values()) for (const s of g.streams) s.end();
    }
  }

  /** Ends every stream (shutdown): apps reconnect elsewhere. */
  closeAll(): void {
    for (const groups of this.#groups.values()) for (const g of groups.values()) for (const s of g.streams) s.end();
  }
}
