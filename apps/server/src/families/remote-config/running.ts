import type { ConditionRule, RemoteTemplate } from '@wharf/contract';
import type { DbOrTx } from '../../platform/db/types';
import { conflict, invalidInput } from '../../platform/http/errors';
import { checkAudiences } from './audiences';
import { remoteConfigRepo } from './repo';

/**
 * Refuses a template that takes away, or retypes, a parameter a running experiment varies:
 * its instances would get values the app can no longer read as it expects.
 */
export async function checkRunning(db: DbOrTx, appId: string, template: RemoteTemplate): Promise<void> {
  const running = await remoteConfigRepo.experiments(db, appId);
  if (!running.length) return;
  const types = new Map(template.parameters.map((p) => [p.key, p.type]));
  for (const e of running) {
    for (const [key, type] of Object.entries(e.types)) {
      if (types.get(key) === type) continue;
      throw conflict({
        zh: `参数“${key}”正被运行中的 A/B 测试“${e.name}”使用：不能删除它或改变类型，请先停止该测试`,
        en: `Parameter “${key}” is varied by the running A/B experiment “${e.name}”: it cannot be removed or change its type until the experiment stops`,
        ru: `Параметр «${key}» меняет идущий A/B-эксперимент «${e.name}»: его нельзя удалить или сменить ему тип, пока эксперимент не остановлен`,
      });
    }
  }
}

/** Refuses targeting rules that could hold for nobody or name an audience the app does not have, as a condition's. */
export async function checkRules(db: DbOrTx, appId: string, name: string, rules: readonly ConditionRule[]): Promise<void> {
  for (const r of rules) {
    if (r.field === 'percentile' && r.from >= r.to) {
      throw invalidInput({ zh: `“${name}”的百分比范围须从小到大`, en: `“${name}”: the percentile range must run from a lower to a higher number`, ru: `«${name}»: диапазон процентилей должен идти от меньшего к большему` });
    }
  }
  await checkAudiences(db, appId, { conditions: [{ name, rules: [...rules] }], parameters: [] });
}
