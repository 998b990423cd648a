import type { RemoteTemplate } from '@wharf/contract';
import type { DbOrTx } from '../../platform/db/types';
import { invalidInput } from '../../platform/http/errors';
import { audienceMembership } from '../analytics/public';

/** The App Analytics audiences an app instance is in, as last worked out. */
export async function audiencesOf(db: DbOrTx, appId: string, instanceId: string): Promise<ReadonlySet<string>> {
  return new Set((await audienceMembership.ofInstance(db, appId, instanceId)).map((a) => a.audienceId));
}

/** Refuses a template whose audience rules name an audience the app does not have. */
export async function checkAudiences(db: DbOrTx, appId: string, template: RemoteTemplate): Promise<void> {
  const own = new Set((await audienceMembership.list(db, appId)).map((a) => a.id));
  for (const c of template.conditions) {
    for (const r of c.rules) {
      if (r.field !== 'audience') continue;
      const missing = r.values.find((id) => !own.has(id));
      if (missing) {
        throw invalidInput({
          zh: `条件“${c.name}”引用的受众不存在（可能已被删除）：请在应用分析的“受众”中选择`,
          en: `Condition “${c.name}” names an audience the app does not have (it may have been deleted): pick one from App Analytics → Audiences`,
          ru: `Условие «${c.name}» ссылается на аудиторию, которой у приложения нет (возможно, её удалили): выберите её в «Аналитика приложения» → «Аудитории»`,
        });
      }
    }
  }
}
