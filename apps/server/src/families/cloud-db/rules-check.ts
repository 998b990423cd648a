import { sql } from 'drizzle-orm';
import { evaluateRule, isLongType, type CloudDbValue, type RuleContext, type RuleOperation } from '@wharf/rules';
import type { Tx } from '../../platform/db/types';
import { forbidden } from '../../platform/http/errors';
import type { Actor } from './access';
import { keyMatch, rowsOf, selectList, sys } from './document-sql';
import { documentOf, type FieldSeal } from './documents';
import type { Target } from './document-service';

export const authOf = (actor: Actor): RuleContext['auth'] => (actor.kind === 'user' ? { uid: actor.userId, anonymous: actor.anonymous } : null);

const refused = (index: number, op: RuleOperation) => {
  const verb = op === 'upsert' ? { zh: '写入', en: 'writing', ru: 'запись' } : { zh: '删除', en: 'deleting', ru: 'удаление' };
  return forbidden({
    zh: `安全规则不允许${verb.zh}第 ${index + 1} 条数据：本批数据未${verb.zh}`,
    en: `The security rules refuse ${verb.en} document ${index + 1}: nothing of this batch was changed`,
    ru: `Правила безопасности запрещают ${verb.ru} документа ${index + 1}: ничего из пакета не изменено`,
  });
};

/** A key value as rules see it: a Long a number when it is a safe one (as devices get it). */
const ruleValue = (v: CloudDbValue | undefined, long: boolean): unknown => (long && typeof v === 'string' && Number.isSafeInteger(Number(v)) ? Number(v) : (v ?? null));

/**
 * The write's rule on each document, in the write's transaction: the stored document
 * (locked, so the decision holds until the write) as `resource`, the new one as
 * `request.data`. The project itself (console, functions) is not held to rules.
 */
export async function checkWrites(tx: Tx, t: Target, actor: Actor, op: 'upsert' | 'delete', docs: readonly (readonly (CloudDbValue | undefined)[])[], seal: FieldSeal): Promise<void> {
  const rule = t.rules[op];
  if (rule === undefined || actor.kind === 'admin' || docs.length === 0) return;
  if (rule === false) throw refused(0, op);
  const keyIdx = t.type.fields.map((f, i) => [f, i] as const).filter(([f]) => f.belongPrimaryKey);
  const withKeys = docs.map((d, i) => [d, i] as const).filter(([d]) => keyIdx.every(([, k]) => d[k] !== undefined));
  const stored = new Map<string, { owner: string | null; data: Record<string, unknown> }>();
  if (withKeys.length) {
    const match = keyMatch(keyIdx.map(([f]) => f), withKeys.map(([d]) => keyIdx.map(([, k]) => d[k]!)));
    const rows = rowsOf<Record<string, unknown>>(await tx.execute(sql`select ${sql.raw(selectList(t.type))}, ${sys('owner')} as "_owner" from ${t.table} where ${sys('zone')} = ${t.partition} and (${match}) for update`));
    for (const r of rows) {
      const doc = documentOf(t.type, r, seal);
      stored.set(JSON.stringify(keyIdx.map(([f]) => doc[f.fieldName])), { owner: (r._owner as string | null) ?? null, data: doc });
    }
  }
  const auth = authOf(actor);
  docs.forEach((d, i) => {
    const key = JSON.stringify(keyIdx.map(([f, k]) => ruleValue(d[k], isLongType(f.fieldType))));
    const resource = stored.get(key) ?? null;
    // Deleting what is not there deletes nothing: no rule to ask.
    if (op === 'delete' && !resource) return;
    const request = op === 'upsert' ? { data: Object.fromEntries(t.type.fields.map((f, j) => [f.fieldName, f.isNeedEncrypt ? null : ruleValue(d[j], isLongType(f.fieldType))])) } : null;
    if (!evaluateRule(rule, { auth, resource, request })) throw refused(i, op);
  });
}
