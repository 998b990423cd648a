import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { forbidden, notFound } from '../../platform/http/errors';
import { projectTeam } from '../projects/public';

const MAX_KNOWN = 10_000;

/**
 * Which projects an API client may reach with the server SDK: those of its team (a
 * project-level client, its own). A client limited to some apps reaches none, since a
 * project's documents belong to all its apps. A project's team never changes, so what
 * was read is kept.
 */
export class ServerReach {
  readonly #teams = new Map<string, string>();

  constructor(private readonly deps: Pick<Deps, 'db'>) {}

  async check(caller: Caller, projectId: string): Promise<void> {
    if (caller.appScope) {
      throw forbidden({
        zh: '仅限部分应用的 API 客户端不能访问项目的云数据库：请使用项目级客户端或未限定应用的客户端',
        en: "An API client limited to some apps cannot reach a project's Cloud DB: use a project-level client, or one not limited to apps",
        ru: 'API-клиент, ограниченный отдельными приложениями, не имеет доступа к облачной базе данных проекта: используйте клиент уровня проекта или клиент без ограничения приложениями',
      });
    }
    if (caller.projectId && caller.projectId !== projectId) throw notFound();
    let team = this.#teams.get(projectId);
    if (team === undefined) {
      const found = await projectTeam(this.deps.db, projectId);
      if (found === null) throw notFound();
      if (this.#teams.size >= MAX_KNOWN) this.#teams.delete(this.#teams.keys().next().value!);
      this.#teams.set(projectId, (team = found));
    }
    if (team !== caller.teamId) throw notFound();
  }
}
