import { ratingsApi, type ReplyTemplate } from '@wharf/contract';
import { writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { conflict, notFound } from '../../platform/http/errors';
import { templatesRepo, type TemplateRow } from './templates-repo';

const out = (r: TemplateRow): ReplyTemplate => ({ templateId: r.id, name: r.name, text: r.text, updatedAt: r.updatedAt.toISOString() });
const taken = (name: string) => conflict({ zh: `团队中已有名为“${name}”的回复模板`, en: `The team already has a reply template named "${name}"`, ru: `У команды уже есть шаблон ответа «${name}»` });
const NO_SUCH_TEMPLATE = { zh: '没有这个回复模板', en: 'There is no such reply template', ru: 'Такого шаблона ответа нет' };

/** A team's reply templates; every change is one transaction with its audit event. */
export class ReplyTemplates {
  constructor(private readonly deps: Pick<Deps, 'db' | 'clock'>) {}

  async list(caller: Caller) {
    return { items: (await templatesRepo.list(this.deps.db, caller.teamId!)).map(out) };
  }

  async create(caller: Caller, input: { name: string; text: string }) {
    const { db, clock } = this.deps;
    const teamId = caller.teamId!;
    return db.transaction(async (tx) => {
      if ((await templatesRepo.count(tx, teamId)) >= ratingsApi.REPLY_TEMPLATES_MAX) {
        const max = ratingsApi.REPLY_TEMPLATES_MAX;
        throw conflict({ zh: `每个团队最多 ${max} 个回复模板`, en: `A team has at most ${max} reply templates`, ru: `У команды может быть не больше ${max} шаблонов ответа` });
      }
      const now = clock.now();
      const row = await templatesRepo.insert(tx, { teamId, ...input, createdAt: now, updatedAt: now });
      if (!row) throw taken(input.name);
      await writeAudit(tx, clock, { action: 'ratings.template.create', teamId, actorId: caller.userId, ip: caller.ip, targetType: 'replyTemplate', targetId: row.id, data: { name: row.name } });
      return { template: out(row) };
    });
  }

  async update(caller: Caller, id: string, input: { name: string; text: string }) {
    const { db, clock } = this.deps;
    const teamId = caller.teamId!;
    return db.transaction(async (tx) => {
      if (await templatesRepo.nameTaken(tx, teamId, input.name, id)) throw taken(input.name);
      const row = await templatesRepo.update(tx, teamId, id, { ...input, updatedAt: clock.now() });
      if (!row) throw notFound(NO_SUCH_TEMPLATE);
      await writeAudit(tx, clock, { action: 'ratings.template.update', teamId, actorId: caller.userId, ip: caller.ip, targetType: 'replyTemplate', targetId: id, data: { name: row.name } });
      return { template: out(row) };
    });
  }

  async remove(caller: Caller, id: string) {
    const { db, clock } = this.deps;
    const teamId = caller.teamId!;
    await db.transaction(async (tx) => {
      const gone = await templatesRepo.remove(tx, teamId, id);
      if (!gone) throw notFound(NO_SUCH_TEMPLATE);
      await writeAudit(tx, clock, { action: 'ratings.template.delete', teamId, actorId: caller.userId, ip: caller.ip, targetType: 'replyTemplate', targetId: id, data: { name: gone.name } });
    });
    return {};
  }
}
