import { parseRule, RULE_OPERATIONS, type RuleNode, type RuleOperation } from '@wharf/rules';
import type { Deps } from '../../platform/deps';
import type { DbOrTx } from '../../platform/db/types';
import { cloudDbRepo, type ObjectTypeRow, type ZoneRow } from './repo';

/** Instances drop a project's object types and zones they kept when one changes. */
export const SCHEMA_CHANGED = 'cloud-db.schema-changed';
/** A safety net for a missed message (an instance that was briefly cut off): read again after this. */
const TTL_MS = 60_000;
const MAX_PROJECTS = 5_000;

/** A type's rules as read once per load: `false` for one that no longer reads (it then refuses). */
export type ParsedRules = Partial<Record<RuleOperation, RuleNode | false>>;

interface Kept {
  types: Map<string, ObjectTypeRow>;
  rules: Map<string, ParsedRules>;
  zones: Map<string, ZoneRow>;
  until: number;
}

/**
 * Each project's object types and zones as this instance last read them: every device
 * call needs both, and they change only from the console. A change makes every instance
 * forget the project once it commits (this one at once); a read that overlapped a change
 * keeps nothing (a generation counter).
 */
export class SchemaCatalog {
  readonly #kept = new Map<string, Kept>();
  readonly #loading = new Map<string, { generation: number; read: Promise<Kept> }>();
  #generation = 0;

  constructor(private readonly deps: Pick<Deps, 'db' | 'pubsub'> & { now?: () => number }) {
    deps.pubsub.subscribe(SCHEMA_CHANGED, (payload) => this.forgetHere((payload as { projectId: string }).projectId));
  }

  async project(projectId: string): Promise<Kept> {
    const now = (this.deps.now ?? Date.now)();
    const kept = this.#kept.get(projectId);
    if (kept && kept.until > now) return kept;
    // Calls that miss together share one read (after a change every device of the project
    // misses at once): one pair of queries instead of one each, and they go on together.
    const loading = this.#loading.get(projectId);
    if (loading && loading.generation === this.#generation) return loading.read;
    const generation = this.#generation;
    const read = this.#read(projectId, now, generation).finally(() => {
      if (this.#loading.get(projectId)?.read === read) this.#loading.delete(projectId);
    });
    this.#loading.set(projectId, { generation, read });
    return read;
  }

  async #read(projectId: string, now: number, generation: number): Promise<Kept> {
    const [types, zones] = await Promise.all([cloudDbRepo.listTypes(this.deps.db, projectId), cloudDbRepo.listZones(this.deps.db, projectId)]);
    const rules = new Map(types.map((t) => [t.key, parsedRules(t)]));
    const fresh = { types: new Map(types.map((t) => [t.key, t])), rules, zones: new Map(zones.map((z) => [z.key, z])), until: now + TTL_MS };
    if (generation === this.#generation) {
      if (this.#kept.size >= MAX_PROJECTS) this.#kept.clear();
      this.#kept.set(projectId, fresh);
    }
    return fresh;
  }

  /** In the change's transaction: this instance forgets the project now, every instance once it commits. */
  async changed(tx: DbOrTx, projectId: string): Promise<void> {
    this.forgetHere(projectId);
    await this.deps.pubsub.publishIn(tx, SCHEMA_CHANGED, { projectId });
  }

  forgetHere(projectId: string): void {
    this.#generation += 1;
    this.#kept.delete(projectId);
  }
}

function parsedRules(row: ObjectTypeRow): ParsedRules {
  const out: ParsedRules = {};
  for (const op of RULE_OPERATIONS) {
    const text = row.rules?.[op]?.trim();
    if (!text) continue;
    const parsed = parseRule(row.definition, op, text);
    out[op] = parsed.ok ? parsed.node : false;
  }
  return out;
}
