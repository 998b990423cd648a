import { sql } from 'drizzle-orm';
import type { CloudDbObjectType, ObjectTypeChange } from '@wharf/rules';
import type { Tx } from '../../platform/db/types';
import { invalidInput } from '../../platform/http/errors';
import { rowsOf } from './document-sql';
import { columnOf, columnSql, columnType, defaultSql, ident, indexNameOf, indexSql, qualified, schemaOf, tableOf } from './physical';

const run = async (tx: Tx, statements: readonly string[]) => {
  for (const s of statements) await tx.execute(sql.raw(s));
};

/** Applies checked changes to an object type's table, in the caller's transaction (PostgreSQL's DDL is transactional). */
export async function applyChanges(tx: Tx, projectId: string, type: CloudDbObjectType, changes: readonly ObjectTypeChange[]): Promise<void> {
  const table = tableOf(type);
  const q = qualified(projectId, table);
  for (const c of changes) {
    switch (c.kind) {
      case 'addField':
        await run(tx, [`alter table ${q} add column ${columnSql(projectId, table, c.field)}`]);
        break;
      case 'dropField': {
        const col = ident(columnOf(c.field));
        const n = rowsOf<{ n: number }>(await tx.execute(sql.raw(`select count(*)::int as n from ${q} where ${col} is not null`)))[0]?.n ?? 0;
        if (n > 0) {
          const f = c.field.fieldName;
          throw invalidInput({
            zh: `字段“${f}”在 ${n} 条数据中有值：删除它会丢失这些数据。请先清空该字段，或保留它`,
            en: `Field “${f}” holds a value in ${n} document(s): removing it would lose them. Clear the field first, or keep it`,
            ru: `Поле «${f}» заполнено в документах: ${n}. Его удаление потеряет данные: сначала очистите поле или оставьте его`,
          });
        }
        await run(tx, [`alter table ${q} drop column ${col}`]);
        break;
      }
      case 'widenField':
        if (columnType(c.field) !== columnType(c.from)) await run(tx, [`alter table ${q} alter column ${ident(columnOf(c.field))} type ${columnType(c.field)}`]);
        break;
      case 'setDefault': {
        const d = defaultSql(c.field);
        await run(tx, [`alter table ${q} alter column ${ident(columnOf(c.field))} ${d === null ? 'drop default' : `set default ${d}`}`]);
        break;
      }
      case 'setNotNull': {
        const col = ident(columnOf(c.field));
        const d = defaultSql(c.field);
        // A field becoming required takes its default where it held nothing: no document is refused afterwards for what it already was.
        if (c.notNull && d !== null) await run(tx, [`update ${q} set ${col} = ${d} where ${col} is null`]);
        await run(tx, [`alter table ${q} alter column ${col} ${c.notNull ? 'set' : 'drop'} not null`]);
        break;
      }
      case 'addIndex':
        await run(tx, [indexSql(projectId, table, c.index)]);
        break;
      case 'dropIndex':
        await run(tx, [`drop index if exists ${ident(schemaOf(projectId))}.${ident(indexNameOf(table, c.index))}`]);
        break;
      case 'permissions':
        break;
    }
  }
}

export { run };
