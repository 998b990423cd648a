import { AB_LIMITS, type ExperimentInput, type ParameterType, type RemoteParameter } from '@wharf/contract';
import { valueFitsType } from '@wharf/rules';
import type { DbOrTx } from '../../platform/db/types';
import { conflict, invalidInput } from '../../platform/http/errors';
import { parameterTypeWords as TYPE_WORDS, remoteConfigExperiments } from '../remote-config/public';

const twice = (names: readonly string[]) => names.find((n, i) => names.indexOf(n) !== i);

/**
 * What the schema cannot see: the parameters are published in Remote Configuration, each
 * variant's values read as their parameter's type, names are not used twice, the targeting
 * rules can hold. Answers the parameters' types. Each refusal names what it refuses.
 */
export async function checkExperiment(db: DbOrTx, appId: string, input: ExperimentInput): Promise<Record<string, ParameterType>> {
  const dupParameter = twice(input.parameters);
  if (dupParameter) throw invalidInput({ zh: `参数“${dupParameter}”列了两次`, en: `Parameter “${dupParameter}” is listed twice`, ru: `Параметр «${dupParameter}» указан дважды` });
  const dupVariant = twice(input.variants.map((v) => v.name));
  if (dupVariant) throw invalidInput({ zh: `有两个实验组都叫“${dupVariant}”`, en: `Two variants are named “${dupVariant}”`, ru: `Два варианта называются «${dupVariant}»` });
  const metrics = [input.primaryMetric, ...input.secondaryMetrics].map((m) => JSON.stringify(m));
  if (twice(metrics)) throw invalidInput({ zh: '同一个指标列了两次', en: 'The same metric is listed twice', ru: 'Одна и та же метрика указана дважды' });
  const types = await publishedTypes(db, appId, input.parameters);
  for (const v of input.variants) {
    for (const [key, value] of Object.entries(v.values)) {
      const type = types[key];
      if (!type) {
        throw invalidInput({ zh: `实验组“${v.name}”设置了未参与实验的参数“${key}”`, en: `Variant “${v.name}” sets “${key}”, which the experiment does not vary`, ru: `Вариант «${v.name}» задаёт «${key}», который эксперимент не меняет` });
      }
      if (value !== null && !valueFitsType(type, value)) {
        const w = TYPE_WORDS[type];
        throw invalidInput({ zh: `实验组“${v.name}”中参数“${key}”的值须为${w.zh}`, en: `Variant “${v.name}”: the value of “${key}” must be ${w.en}`, ru: `Вариант «${v.name}»: значение «${key}» должно быть ${w.ru}` });
      }
    }
  }
  await remoteConfigExperiments.checkRules(db, appId, input.name, input.targeting.rules);
  return types;
}

/** The types of the given parameters in the published version; refuses one that is not published. */
export async function publishedTypes(db: DbOrTx, appId: string, keys: readonly string[]): Promise<Record<string, ParameterType>> {
  const published = new Map<string, RemoteParameter>((await remoteConfigExperiments.publishedParameters(db, appId)).map((p) => [p.key, p]));
  const types: Record<string, ParameterType> = {};
  for (const key of keys) {
    const p = published.get(key);
    if (!p) {
      throw invalidInput({
        zh: `参数“${key}”尚未在远程配置中发布：请先添加并发布它`,
        en: `Parameter “${key}” is not published in Remote Configuration: add it there and publish first`,
        ru: `Параметр «${key}» не опубликован в удалённой конфигурации: сначала добавьте и опубликуйте его`,
      });
    }
    types[key] = p.type;
  }
  return types;
}

/** Refuses a start that would vary a parameter another running experiment varies, or one too many. */
export async function checkStart(db: DbOrTx, appId: string, parameters: readonly string[]): Promise<void> {
  const running = await remoteConfigExperiments.running(db, appId);
  if (running.length >= AB_LIMITS.running) {
    throw conflict({ zh: `一个应用最多同时运行 ${AB_LIMITS.running} 个 A/B 测试`, en: `An app runs at most ${AB_LIMITS.running} experiments at once`, ru: `У приложения одновременно идёт не больше ${AB_LIMITS.running} экспериментов` });
  }
  for (const other of running) {
    const shared = parameters.find((key) => key in other.types);
    if (shared) {
      throw conflict({
        zh: `参数“${shared}”已在运行中的 A/B 测试“${other.name}”中：一个参数同时只能参与一个测试`,
        en: `Parameter “${shared}” is already varied by the running experiment “${other.name}”: a parameter takes part in one experiment at a time`,
        ru: `Параметр «${shared}» уже меняет идущий эксперимент «${other.name}»: параметр участвует только в одном эксперименте за раз`,
      });
    }
  }
}
