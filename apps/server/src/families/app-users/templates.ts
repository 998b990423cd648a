import { and, eq } from 'drizzle-orm';
import { AUTH_TEMPLATE_KINDS, TEMPLATE_LANGUAGES, type AuthTemplate, type AuthTemplateKind, type TemplateLanguage } from '@wharf/contract';
import { writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { DbOrTx } from '../../platform/db/types';
import type { Caller } from '../../platform/http/access';
import { invalidInput } from '../../platform/http/errors';
import { DEFAULT_TEMPLATES, fill, validFor } from './mail-texts';
import { authTemplates } from './tables';

type Row = typeof authTemplates.$inferSelect;
const isMail = (kind: AuthTemplateKind) => kind !== 'phoneCode';

/** A project's own wording of Auth Service's mails and texts, and the messages made from it. */
export class AuthTemplates {
  constructor(private readonly deps: Pick<Deps, 'db' | 'clock'>) {}

  async list(projectId: string): Promise<{ templates: AuthTemplate[] }> {
    const rows = await this.deps.db.select().from(authTemplates).where(eq(authTemplates.projectId, projectId));
    const own = new Map(rows.map((r) => [`${r.kind}/${r.language}`, r]));
    return { templates: AUTH_TEMPLATE_KINDS.flatMap((kind) => TEMPLATE_LANGUAGES.map((language) => out(kind, language, own.get(`${kind}/${language}`)))) };
  }

  async set(caller: Caller, projectId: string, kind: AuthTemplateKind, language: TemplateLanguage, subject: string, text: string): Promise<{ template: AuthTemplate }> {
    if (isMail(kind) && !subject) throw invalidInput({ zh: '邮件需要主题', en: 'A mail needs a subject', ru: 'У письма должна быть тема' });
    if (!isMail(kind) && text.length > 300) throw invalidInput({ zh: '短信最多 300 个字符', en: 'A text message is at most 300 characters', ru: 'SMS — не длиннее 300 символов' });
    const { db, clock } = this.deps;
    const row = { projectId, kind, language, subject: isMail(kind) ? subject : '', text, updatedAt: clock.now() };
    await db.transaction(async (tx) => {
      await tx.insert(authTemplates).values(row).onConflictDoUpdate({ target: [authTemplates.projectId, authTemplates.kind, authTemplates.language], set: { subject: row.subject, text, updatedAt: row.updatedAt } });
      await writeAudit(tx, clock, { action: 'app-users.template', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'project', targetId: projectId, data: { kind, language, custom: true } });
    });
    return { template: out(kind, language, row) };
  }

  async reset(caller: Caller, projectId: string, kind: AuthTemplateKind, language: TemplateLanguage): Promise<{ template: AuthTemplate }> {
    const { db, clock } = this.deps;
    await db.transaction(async (tx) => {
      await tx.delete(authTemplates).where(and(eq(authTemplates.projectId, projectId), eq(authTemplates.kind, kind), eq(authTemplates.language, language)));
      await writeAudit(tx, clock, { action: 'app-users.template', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'project', targetId: projectId, data: { kind, language, custom: false } });
    });
    return { template: out(kind, language, undefined) };
  }

  /** The message to send, in the caller's transaction: the project's wording, else the default. */
  async render(tx: DbOrTx, projectId: string, kind: AuthTemplateKind, language: TemplateLanguage, vars: { app: string; code: string; minutes: number }): Promise<{ subject: string; text: string }> {
    const [own] = await tx
      .select()
      .from(authTemplates)
      .where(and(eq(authTemplates.projectId, projectId), eq(authTemplates.kind, kind), eq(authTemplates.language, language)))
      .limit(1);
    const template = own ?? DEFAULT_TEMPLATES[kind][language];
    const values = { app: vars.app, code: vars.code, valid: validFor(language, vars.minutes) };
    return { subject: fill(template.subject, values), text: fill(template.text, values) };
  }
}

function out(kind: AuthTemplateKind, language: TemplateLanguage, row: Pick<Row, 'subject' | 'text'> | undefined): AuthTemplate {
  const t = row ?? DEFAULT_TEMPLATES[kind][language];
  return { kind, language, subject: t.subject, text: t.text, custom: Boolean(row) };
}
