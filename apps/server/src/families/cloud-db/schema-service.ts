import { randomBytes } from 'node:crypto';
import type { ObjectTypeInput, SchemaFile } from '@wharf/contract';
import {
  checkObjectType, checkRules, CLOUD_DB_LIMITS, cloudDbKey, isEvolutionProblem, objectTypesOfFile, planEvolution, schemaFileOf,
  testRules, type CloudDbObjectType, type RuleCase, type SecurityRules,
} from '@wharf/rules';
import { auditActor, writeAudit } from '../../platform/audit';
import type { DbOrTx, Tx } from '../../platform/db/types';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { conflict, invalidInput, notFound } from '../../platform/http/errors';
import type { SchemaCatalog } from './catalog';
import { applyChanges, run } from './evolution';
import { objectTypeOut, zoneOut } from './out';
import { createPartitionSql, createSchemaSql, createTypeSql, dropTypeSql, qualified, partitionOf, tableOf } from './physical';
import { cloudDbRepo, type ObjectTypeRow } from './repo';
import { problemWords, refusalWords, ruleWords } from './words';

type SchemaDeps = Pick<Deps, 'db' | 'clock'> & { catalog: SchemaCatalog };
type AuditAction = 'cloud-db.rules' | 'cloud-db.typeCreate' | 'cloud-db.typeUpdate' | 'cloud-db.typeDelete' | 'cloud-db.schemaImport' | 'cloud-db.zoneCreate' | 'cloud-db.zoneRetention' | 'cloud-db.zoneDelete';

const STALE = { zh: '对象类型已被他人修改，请刷新后再试', en: 'Someone else changed the object type meanwhile; reload it and try again', ru: 'Тип объектов тем временем изменил кто-то другой; обновите страницу и повторите' };
const noType = (name: string) => notFound({ zh: `对象类型“${name}”不存在`, en: `There is no object type “${name}”`, ru: `Типа объектов «${name}» нет` });
const noZone = (name: string) => notFound({ zh: `存储区“${name}”不存在`, en: `There is no zone “${name}”`, ru: `Зоны «${name}» нет` });

/** An input as stored: every flag written out, so a definition compares and exports the same however it came. */
function definitionOf(input: ObjectTypeInput | Omit<CloudDbObjectType, 'permissions'> & Pick<CloudDbObjectType, 'permissions'>): CloudDbObjectType {
  const definition: CloudDbObjectType = {
    objectTypeName: input.objectTypeName,
    fields: input.fields.map((f) => ({
      fieldName: f.fieldName, fieldType: f.fieldType, belongPrimaryKey: f.belongPrimaryKey, notNull: f.notNull || f.belongPrimaryKey, isNeedEncrypt: f.isNeedEncrypt,
      ...(f.defaultValue === undefined ? {} : { defaultValue: f.defaultValue }),
      ...(f.maxLength === undefined ? {} : { maxLength: f.maxLength }),
    })),
    indexes: input.indexes.map((i) => ({ indexName: i.indexName, indexList: i.indexList.map((e) => ({ fieldName: e.fieldName, sortType: e.sortType })) })),
    permissions: input.permissions.map((p) => ({ role: p.role, rights: [...new Set(p.rights)] })),
  };
  const problem = checkObjectType(definition);
  if (problem) throw invalidInput(problemWords(problem));
  return definition;
}

/** The console's side of Cloud DB's schema: object types and zones, each change one transaction with its audit event. */
export class CloudDbSchema {
  constructor(private readonly deps: SchemaDeps) {}

  async list(projectId: string) {
    const db = this.deps.db;
    const [types, zones] = await Promise.all([cloudDbRepo.listTypes(db, projectId), cloudDbRepo.listZones(db, projectId)]);
    const objectTypes = [];
    for (const t of types) objectTypes.push(objectTypeOut(t, await cloudDbRepo.usage(db, projectId, t.definition)));
    return { objectTypes, zones: zones.map(zoneOut) };
  }

  async create(caller: Caller, projectId: string, input: ObjectTypeInput) {
    const definition = definitionOf(input);
    return this.#change(caller, projectId, 'cloud-db.typeCreate', async (tx) => {
      await this.#add(tx, projectId, definition);
      return { target: definition.objectTypeName, data: { fields: definition.fields.length, indexes: definition.indexes.length }, result: { objectType: await this.#out(tx, projectId, definition.objectTypeName) } };
    });
  }

  async update(caller: Caller, projectId: string, name: string, input: ObjectTypeInput & { revision: number }) {
    if (cloudDbKey(name) !== cloudDbKey(input.objectTypeName)) {
      throw invalidInput({ zh: '对象类型不能改名：请新建一个', en: 'An object type cannot be renamed: add a new one instead', ru: 'Тип объектов нельзя переименовать: добавьте новый' });
    }
    const definition = definitionOf(input);
    return this.#change(caller, projectId, 'cloud-db.typeUpdate', async (tx) => {
      const row = await this.#found(tx, projectId, name);
      if (row.revision !== input.revision) throw conflict(STALE);
      const changes = await this.#evolve(tx, projectId, row, definition);
      return { target: row.definition.objectTypeName, data: { changes: changes.map((c) => c.kind) }, result: { objectType: await this.#out(tx, projectId, name) } };
    });
  }

  async delete(caller: Caller, projectId: string, name: string) {
    return this.#change(caller, projectId, 'cloud-db.typeDelete', async (tx) => {
      const row = await this.#found(tx, projectId, name);
      const { rows } = await cloudDbRepo.usage(tx, projectId, row.definition);
      await run(tx, dropTypeSql(projectId, row.definition));
      await cloudDbRepo.deleteType(tx, projectId, row.key);
      return { target: row.definition.objectTypeName, data: { documents: rows }, result: { deleted: rows } };
    });
  }

  /** Sets a type's security rules (each checked against its fields), as one change with its audit event. */
  async setRules(caller: Caller, projectId: string, name: string, rules: SecurityRules, revision: number) {
    const kept = Object.fromEntries(Object.entries(rules).filter(([, text]) => text?.trim()).map(([op, text]) => [op, text!.trim()])) as SecurityRules;
    return this.#change(caller, projectId, 'cloud-db.rules', async (tx) => {
      const row = await this.#found(tx, projectId, name);
      if (row.revision !== revision) throw conflict(STALE);
      const problem = checkRules(row.definition, kept);
      if (problem) throw invalidInput(ruleWords(problem));
      await cloudDbRepo.updateType(tx, projectId, row.key, { definition: row.definition, rules: kept, revision: row.revision + 1, updatedAt: this.deps.clock.now() });
      return { target: row.definition.objectTypeName, data: { rules: kept }, result: { objectType: await this.#out(tx, projectId, name) } };
    });
  }

  /** The test kit: cases run against the rules given (or the stored ones), without a device. */
  async testRules(projectId: string, name: string, rules: SecurityRules | undefined, cases: readonly RuleCase[]) {
    const row = await this.#found(this.deps.db, projectId, name);
    return { results: testRules(row.definition, rules ?? row.rules, cases).map((r) => ({ allowed: r.allowed, passed: r.passed, problem: r.problem ? ruleWords(r.problem).en : null })) };
  }

  async exportFile(projectId: string, names: readonly string[] | null) {
    const rows = await cloudDbRepo.listTypes(this.deps.db, projectId);
    const wanted = names && new Set(names.map(cloudDbKey));
    if (wanted) {
      const missing = [...wanted].find((k) => !rows.some((r) => r.key === k));
      if (missing) throw noType(names!.find((n) => cloudDbKey(n) === missing)!);
    }
    return { schema: schemaFileOf(rows.filter((r) => !wanted || wanted.has(r.key)).map((r) => r.definition)) };
  }

  /** Adds the file's new object types and evolves the ones that exist, all or nothing. */
  async importFile(caller: Caller, projectId: string, file: SchemaFile) {
    const definitions = objectTypesOfFile(file).map(definitionOf);
    const seen = new Set<string>();
    for (const d of definitions) {
      if (seen.has(cloudDbKey(d.objectTypeName))) {
        throw invalidInput({ zh: `文件中对象类型“${d.objectTypeName}”出现了两次`, en: `The file has object type “${d.objectTypeName}” twice`, ru: `В файле тип объектов «${d.objectTypeName}» встречается дважды` });
      }
      seen.add(cloudDbKey(d.objectTypeName));
    }
    return this.#change(caller, projectId, 'cloud-db.schemaImport', async (tx) => {
      const result = { created: [] as string[], changed: [] as string[], unchanged: [] as string[] };
      for (const d of definitions) {
        const row = await cloudDbRepo.getType(tx, projectId, cloudDbKey(d.objectTypeName));
        if (!row) {
          await this.#add(tx, projectId, d);
          result.created.push(d.objectTypeName);
        } else if ((await this.#evolve(tx, projectId, row, d)).length > 0) {
          result.changed.push(d.objectTypeName);
        } else {
          result.unchanged.push(d.objectTypeName);
        }
      }
      return { target: null, data: result, result };
    });
  }

  async createZone(caller: Caller, projectId: string, zoneName: string, retentionDays: number | null) {
    return this.#change(caller, projectId, 'cloud-db.zoneCreate', async (tx) => {
      const zones = await cloudDbRepo.listZones(tx, projectId);
      if (zones.some((z) => z.key === cloudDbKey(zoneName))) {
        throw conflict({ zh: `存储区“${zoneName}”已存在`, en: `Zone “${zoneName}” already exists`, ru: `Зона «${zoneName}» уже есть` });
      }
      if (zones.length >= CLOUD_DB_LIMITS.zones) {
        throw conflict({ zh: `一个项目最多 ${CLOUD_DB_LIMITS.zones} 个存储区`, en: `A project has at most ${CLOUD_DB_LIMITS.zones} zones`, ru: `У проекта не больше ${CLOUD_DB_LIMITS.zones} зон` });
      }
      const row = { projectId, key: cloudDbKey(zoneName), name: zoneName, partition: `z${randomBytes(5).toString('hex')}`, retentionDays, createdAt: this.deps.clock.now() };
      await run(tx, createSchemaSql(projectId));
      for (const t of await cloudDbRepo.listTypes(tx, projectId)) await run(tx, [createPartitionSql(projectId, tableOf(t.definition), row.partition)]);
      await cloudDbRepo.insertZone(tx, row);
      return { target: zoneName, data: { retentionDays }, result: { zone: zoneOut(row) } };
    });
  }

  async setRetention(caller: Caller, projectId: string, zoneName: string, retentionDays: number | null) {
    return this.#change(caller, projectId, 'cloud-db.zoneRetention', async (tx) => {
      const zone = await cloudDbRepo.getZone(tx, projectId, cloudDbKey(zoneName));
      if (!zone) throw noZone(zoneName);
      await cloudDbRepo.setRetention(tx, projectId, zone.key, retentionDays);
      return { target: zone.name, data: { from: zone.retentionDays, to: retentionDays }, result: { zone: zoneOut({ ...zone, retentionDays }) } };
    });
  }

  async deleteZone(caller: Caller, projectId: string, zoneName: string) {
    return this.#change(caller, projectId, 'cloud-db.zoneDelete', async (tx) => {
      const zone = await cloudDbRepo.getZone(tx, projectId, cloudDbKey(zoneName));
      if (!zone) throw noZone(zoneName);
      const types = (await cloudDbRepo.listTypes(tx, projectId)).map((t) => t.definition);
      const deleted = await cloudDbRepo.countInZone(tx, projectId, types, zone.partition);
      // A zone is a partition of each type's table: dropping them frees the space at once, however many documents.
      await run(tx, types.map((t) => `drop table if exists ${qualified(projectId, partitionOf(tableOf(t), zone.partition))}`));
      await cloudDbRepo.deleteZone(tx, projectId, zone.key);
      return { target: zone.name, data: { documents: deleted }, result: { deleted } };
    });
  }

  async #add(tx: Tx, projectId: string, definition: CloudDbObjectType): Promise<void> {
    const key = cloudDbKey(definition.objectTypeName);
    if (await cloudDbRepo.getType(tx, projectId, key)) {
      throw conflict({ zh: `对象类型“${definition.objectTypeName}”已存在`, en: `Object type “${definition.objectTypeName}” already exists`, ru: `Тип объектов «${definition.objectTypeName}» уже есть` });
    }
    if ((await cloudDbRepo.countTypes(tx, projectId)) >= CLOUD_DB_LIMITS.objectTypes) {
      throw conflict({ zh: `一个项目最多 ${CLOUD_DB_LIMITS.objectTypes} 个对象类型`, en: `A project has at most ${CLOUD_DB_LIMITS.objectTypes} object types`, ru: `У проекта не больше ${CLOUD_DB_LIMITS.objectTypes} типов объектов` });
    }
    const zones = await cloudDbRepo.listZones(tx, projectId);
    await run(tx, [...createSchemaSql(projectId), ...createTypeSql(projectId, definition, zones.map((z) => z.partition))]);
    const now = this.deps.clock.now();
    await cloudDbRepo.insertType(tx, { projectId, key, definition, rules: {}, revision: 1, createdAt: now, updatedAt: now });
  }

  async #evolve(tx: Tx, projectId: string, row: ObjectTypeRow, definition: CloudDbObjectType) {
    const plan = planEvolution(row.definition, definition);
    if (isEvolutionProblem(plan)) throw invalidInput(refusalWords(plan));
    const stale = checkRules(definition, row.rules);
    if (stale) throw invalidInput(ruleWords(stale, { zh: '请先修改安全规则：', en: 'Change the security rules first: ', ru: 'Сначала измените правила безопасности: ' }));
    if (plan.length === 0) return plan;
    await applyChanges(tx, projectId, definition, plan);
    await cloudDbRepo.updateType(tx, projectId, row.key, { definition, revision: row.revision + 1, updatedAt: this.deps.clock.now() });
    return plan;
  }

  async #found(tx: DbOrTx, projectId: string, name: string): Promise<ObjectTypeRow> {
    const row = await cloudDbRepo.getType(tx, projectId, cloudDbKey(name));
    if (!row) throw noType(name);
    return row;
  }

  async #out(tx: Tx, projectId: string, name: string) {
    const row = await this.#found(tx, projectId, name);
    return objectTypeOut(row, await cloudDbRepo.usage(tx, projectId, row.definition));
  }

  async #change<R>(caller: Caller, projectId: string, action: AuditAction, work: (tx: Tx) => Promise<{ target: string | null; data: Record<string, unknown>; result: R }>): Promise<R> {
    return this.deps.db.transaction(async (tx) => {
      await cloudDbRepo.lockProject(tx, projectId);
      const { target, data, result } = await work(tx);
      await writeAudit(tx, this.deps.clock, { action, teamId: caller.teamId, ...auditActor(caller), targetType: 'project', targetId: projectId, data: { ...data, ...(target ? { name: target } : {}) } });
      await this.deps.catalog.changed(tx, projectId);
      return result;
    });
  }
}
