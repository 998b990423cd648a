import { randomBytes, randomUUID } from 'node:crypto';
import { AB_LIMITS, type ExperimentInput, type ExperimentState } from '@wharf/contract';
import { auditActor, writeAudit, type AuditEvent } from '../../platform/audit';
import type { DbOrTx } from '../../platform/db/types';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { conflict, invalidInput, notFound } from '../../platform/http/errors';
import { callerApp } from '../apps/public';
import { remoteConfigExperiments } from '../remote-config/public';
import { checkExperiment, checkStart, publishedTypes } from './checks';
import { experimentOut } from './out';
import { experimentsRepo, type ExperimentWithNames } from './repo';
import { computeResults } from './results';

type ExperimentDeps = Pick<Deps, 'db' | 'clock' | 'pubsub'>;

const STALE = { zh: '实验已被他人修改，请刷新后再试', en: 'Someone else changed the experiment meanwhile; reload it and try again', ru: 'Эксперимент тем временем изменил кто-то другой; обновите страницу и повторите' };
const WORDS: Record<ExperimentState, { zh: string; en: string; ru: string }> = {
  draft: { zh: '草稿', en: 'a draft', ru: 'черновик' },
  running: { zh: '运行中', en: 'running', ru: 'идёт' },
  stopped: { zh: '已停止', en: 'stopped', ru: 'остановлен' },
  rolledOut: { zh: '已全量发布', en: 'rolled out', ru: 'развёрнут' },
};
const VERBS = {
  edit: { zh: '修改', en: 'changed', ru: 'изменить' },
  start: { zh: '启动', en: 'started', ru: 'запустить' },
  stop: { zh: '停止', en: 'stopped', ru: 'остановить' },
  delete: { zh: '删除', en: 'deleted', ru: 'удалить' },
  rollOut: { zh: '全量发布', en: 'rolled out', ru: 'развернуть' },
} as const;
const notIn = (state: string, verb: keyof typeof VERBS) => {
  const w = WORDS[state as ExperimentState];
  const v = VERBS[verb];
  return conflict({ zh: `实验当前为${w.zh}，不能${v.zh}`, en: `The experiment is ${w.en}: it cannot be ${v.en}`, ru: `Эксперимент сейчас ${w.ru}: его нельзя ${v.ru}` });
};

/** The console's side of A/B Testing: experiments on Remote Configuration parameters, one transaction and audit event per change. */
export class AbTestingService {
  constructor(private readonly deps: ExperimentDeps) {}

  async list(caller: Caller, appId: string) {
    await callerApp(this.deps.db, caller, appId);
    return { experiments: (await experimentsRepo.list(this.deps.db, appId)).map(experimentOut) };
  }

  async get(caller: Caller, appId: string, id: string) {
    await callerApp(this.deps.db, caller, appId);
    return { experiment: experimentOut(await this.#found(this.deps.db, appId, id)) };
  }

  async create(caller: Caller, appId: string, input: ExperimentInput) {
    return this.#change(caller, appId, null, 'ab-testing.create', async (tx) => {
      if ((await experimentsRepo.count(tx, appId)) >= AB_LIMITS.kept) {
        throw conflict({ zh: `一个应用最多保留 ${AB_LIMITS.kept} 个实验：请先删除旧的`, en: `An app keeps at most ${AB_LIMITS.kept} experiments: delete old ones first`, ru: `У приложения не больше ${AB_LIMITS.kept} экспериментов: сначала удалите старые` });
      }
      await checkExperiment(tx, appId, input);
      const now = this.deps.clock.now();
      const id = randomUUID();
      await experimentsRepo.insert(tx, { id, appId, ...fields(input), seed: randomBytes(9).toString('base64url'), state: 'draft', revision: 1, createdAt: now, createdBy: caller.userId, updatedAt: now });
      return { id, data: { name: input.name } };
    });
  }

  async update(caller: Caller, appId: string, id: string, input: ExperimentInput & { revision: number }) {
    return this.#change(caller, appId, id, 'ab-testing.update', async (tx, row) => {
      if (row!.revision !== input.revision) throw conflict(STALE);
      if (row!.state !== 'draft') throw notIn(row!.state, 'edit');
      await checkExperiment(tx, appId, input);
      await experimentsRepo.update(tx, id, { ...fields(input), revision: row!.revision + 1, updatedAt: this.deps.clock.now() });
      return { id, data: { name: input.name } };
    });
  }

  async delete(caller: Caller, appId: string, id: string) {
    await this.#change(caller, appId, id, 'ab-testing.delete', async (tx, row) => {
      if (row!.state === 'running') throw notIn(row!.state, 'delete');
      await experimentsRepo.delete(tx, id);
      return { id: null, data: { name: row!.name } };
    });
    return {};
  }

  async start(caller: Caller, appId: string, id: string, revision: number) {
    return this.#change(caller, appId, id, 'ab-testing.start', async (tx, row) => {
      if (row!.revision !== revision) throw conflict(STALE);
      if (row!.state !== 'draft') throw notIn(row!.state, 'start');
      // Two starts on one parameter would both find it free: they take turns on the app's configuration.
      await remoteConfigExperiments.lock(tx, appId);
      const types = await publishedTypes(tx, appId, row!.parameters);
      await checkStart(tx, appId, row!.parameters);
      const now = this.deps.clock.now();
      const { targeting, variants } = row!;
      await remoteConfigExperiments.serve(this.deps, tx, appId, { id, name: row!.name, seed: row!.seed, rules: targeting.rules, percent: targeting.percent, types, variants: variants.map((v) => ({ weight: v.weight, values: v.values })) }, now);
      await experimentsRepo.update(tx, id, { state: 'running', startedAt: now, revision: row!.revision + 1, updatedAt: now });
      return { id, data: { name: row!.name, percent: targeting.percent, variants: variants.map((v) => `${v.name}:${v.weight}`) } };
    });
  }

  async stop(caller: Caller, appId: string, id: string, revision: number) {
    return this.#change(caller, appId, id, 'ab-testing.stop', async (tx, row) => {
      if (row!.revision !== revision) throw conflict(STALE);
      if (row!.state !== 'running') throw notIn(row!.state, 'stop');
      await this.#end(tx, row!);
      return { id, data: { name: row!.name } };
    });
  }

  async rollOut(caller: Caller, appId: string, id: string, revision: number, variant: number) {
    return this.#change(caller, appId, id, 'ab-testing.rollOut', async (tx, row) => {
      if (row!.revision !== revision) throw conflict(STALE);
      if (row!.state !== 'running' && row!.state !== 'stopped') throw notIn(row!.state, 'rollOut');
      const chosen = row!.variants[variant];
      if (!chosen) throw invalidInput({ zh: `没有第 ${variant + 1} 个实验组`, en: `There is no variant ${variant + 1}`, ru: `Варианта ${variant + 1} нет` });
      if (row!.state === 'running') await this.#end(tx, row!);
      const values = Object.fromEntries(Object.entries(chosen.values).filter((e): e is [string, string] => e[1] !== null));
      const { version } = await remoteConfigExperiments.rollOut(this.deps, tx, caller, appId, values, `A/B: ${row!.name} → ${chosen.name}`.slice(0, 500));
      await experimentsRepo.update(tx, id, { state: 'rolledOut', rolledOutVariant: variant, rolledOutVersion: version, revision: row!.revision + (row!.state === 'running' ? 2 : 1), updatedAt: this.deps.clock.now() });
      return { id, data: { name: row!.name, variant: chosen.name, version } };
    });
  }

  async results(caller: Caller, appId: string, id: string) {
    await callerApp(this.deps.db, caller, appId);
    const row = await this.#found(this.deps.db, appId, id);
    return { results: row.finalResults ?? (await computeResults(this.deps.db, row, this.deps.clock.now())) };
  }

  /** Stops serving it and freezes its results (raw events may be deleted later by the app's retention). */
  async #end(tx: DbOrTx, row: ExperimentWithNames): Promise<void> {
    const now = this.deps.clock.now();
    await remoteConfigExperiments.end(this.deps, tx, row.appId, row.id);
    const stopped = { ...row, stoppedAt: now };
    await experimentsRepo.update(tx, row.id, { state: 'stopped', stoppedAt: now, finalResults: await computeResults(tx, stopped, now), revision: row.revision + 1, updatedAt: now });
  }

  async #found(db: DbOrTx, appId: string, id: string, forUpdate = false): Promise<ExperimentWithNames> {
    const row = await experimentsRepo.get(db, appId, id, forUpdate);
    if (!row) throw notFound({ zh: '没有这个实验', en: 'There is no such experiment', ru: 'Такого эксперимента нет' });
    return row;
  }

  /** One change: the app checked, the row locked, the work and its audit event in one transaction, then served here at once. */
  async #change(caller: Caller, appId: string, id: string | null, action: AuditEvent['action'], work: (tx: DbOrTx, row: ExperimentWithNames | null) => Promise<{ id: string | null; data: Record<string, unknown> }>) {
    await callerApp(this.deps.db, caller, appId);
    const done = await this.deps.db.transaction(async (tx) => {
      const row = id === null ? null : await this.#found(tx, appId, id, true);
      const result = await work(tx, row);
      await writeAudit(tx, this.deps.clock, { action, teamId: caller.teamId, ...auditActor(caller), targetType: 'experiment', targetId: id ?? result.id, data: { appId, ...result.data } });
      return result.id === null ? null : experimentOut((await experimentsRepo.get(tx, appId, result.id))!);
    });
    remoteConfigExperiments.served(this.deps, appId);
    return { experiment: done! };
  }
}

const fields = (input: ExperimentInput) => ({
  name: input.name,
  description: input.description || null,
  parameters: input.parameters,
  targeting: input.targeting,
  variants: input.variants,
  primaryMetric: input.primaryMetric,
  secondaryMetrics: input.secondaryMetrics,
});
