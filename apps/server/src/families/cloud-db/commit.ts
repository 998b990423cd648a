import { sql, type SQL } from 'drizzle-orm';
import type { CommitRead, CommitWrite } from '@wharf/contract';
import { CLOUD_DB_LIMITS, cloudDbKey } from '@wharf/rules';
import type { Tx } from '../../platform/db/types';
import type { Deps } from '../../platform/deps';
import { AppError, invalidInput } from '../../platform/http/errors';
import { reachOf, type Actor } from './access';
import { keyValue, type CloudDbDocuments, type Target } from './document-service';
import { keyMatch, rowsOf, sys } from './document-sql';

interface CommitBody {
  reads: CommitRead[];
  writes: CommitWrite[];
}

/**
 * A transaction's end, optimistic as Firestore's: the app read documents (with their
 * versions) and now sends its writes. In one database transaction every document read is
 * locked and its version compared; one that changed, appeared or went refuses the whole
 * commit (409 transactionConflict) and the app's SDK runs the transaction again. A document
 * read as absent is looked for again after the writes (docs/cloud-db.md, Transactions).
 */
export class CloudDbCommit {
  constructor(
    private readonly deps: Pick<Deps, 'db'>,
    private readonly documents: CloudDbDocuments,
  ) {}

  async commit(projectId: string, zoneName: string, actor: Actor, body: CommitBody, alsoInTx?: (tx: Tx) => Promise<void>) {
    const total = body.writes.reduce((n, w) => n + w.objects.length, 0);
    if (total > CLOUD_DB_LIMITS.batch) {
      const n = CLOUD_DB_LIMITS.batch;
      throw invalidInput({ zh: `一个事务最多写入 ${n} 条数据（本次 ${total} 条）`, en: `A transaction writes at most ${n} documents (this one: ${total})`, ru: `Транзакция записывает не больше ${n} документов (эта: ${total})` });
    }
    const targets = new Map<string, Target>();
    const targetOf = async (name: string) => {
      const key = cloudDbKey(name);
      let t = targets.get(key);
      if (!t) targets.set(key, (t = await this.documents.target(projectId, zoneName, name)));
      return t;
    };
    const reads: { t: Target; match: SQL; version: number | null }[] = [];
    for (const [i, r] of body.reads.entries()) {
      const t = await targetOf(r.objectTypeName);
      // A version says whether a document is there: only a caller who may read the type learns it.
      reachOf(t.type, actor, 'Read');
      const keyFields = t.type.fields.filter((f) => f.belongPrimaryKey);
      reads.push({ t, match: keyMatch(keyFields, [keyFields.map((f) => keyValue(t, f, r.key, i))]), version: r.version });
    }
    const writes: (CommitWrite & { t: Target })[] = [];
    for (const w of body.writes) writes.push({ ...w, t: await targetOf(w.objectTypeName) });

    const out = await this.deps.db.transaction(async (tx) => {
      for (const r of reads) {
        const [row] = rowsOf<{ v: number }>(await tx.execute(sql`select ${sys('version')} as v from ${r.t.table} where ${sys('zone')} = ${r.t.partition} and ${r.match} for update`));
        if ((row?.v ?? null) !== r.version) throw new AppError('transactionConflict');
      }
      let upserted = 0;
      let deleted = 0;
      for (const w of writes) {
        if (w.op === 'upsert') upserted += (await this.documents.upsertIn(tx, w.t, actor, w.objects)).upserted;
        else deleted += (await this.documents.deleteIn(tx, w.t, actor, w.objects)).deleted;
      }
      // A document read as absent cannot be locked: look again after the writes. Another
      // transaction's insert shows as a row this one did not make at version 1.
      for (const r of reads.filter((x) => x.version === null)) {
        const [row] = rowsOf<{ v: number; ours: boolean }>(await tx.execute(sql`select ${sys('version')} as v, xmin = pg_current_xact_id()::xid as ours from ${r.t.table} where ${sys('zone')} = ${r.t.partition} and ${r.match}`));
        if (row && !(row.ours && row.v === 1)) throw new AppError('transactionConflict');
      }
      await alsoInTx?.(tx);
      return { upserted, deleted };
    });
    for (const w of writes) this.documents.announce(w.t);
    return out;
  }
}
