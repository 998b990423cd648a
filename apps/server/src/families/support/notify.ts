import type { Deps } from '../../platform/deps';
import type { DbOrTx } from '../../platform/db/types';
import { operatorsWithRole, userContacts } from '../accounts/public';
import type { TicketRow } from './repo';

type Lang = 'cn' | 'en' | 'ru';
const langOf = (value: string | null): Lang => (value === 'cn' || value === 'ru' ? value : 'en');
const sitePath = (lang: Lang) => (lang === 'cn' ? '/' : `/${lang}/`);
/** At most this much of a message is quoted in a mail; the rest is one click away. */
const QUOTE_CHARS = 1500;
const quote = (text: string) => (text.length > QUOTE_CHARS ? `${text.slice(0, QUOTE_CHARS)}…` : text);

type Event = 'created' | 'teamReplied' | 'answered' | 'resolved' | 'breached';

/** One mail in the recipient's language: what happened to which ticket, the words if any, and the link. */
function mailOf(event: Event, lang: Lang, t: TicketRow, team: string, text: string | null, link: string) {
  const n = `#${t.number}`;
  const subject = {
    created: { cn: `新工单 ${n}（${team}）：${t.subject}`, en: `New ticket ${n} from ${team}: ${t.subject}`, ru: `Новое обращение ${n} от ${team}: ${t.subject}` },
    teamReplied: { cn: `工单 ${n} 有新回复：${t.subject}`, en: `${team} wrote in ticket ${n}: ${t.subject}`, ru: `${team} ответили в обращении ${n}: ${t.subject}` },
    answered: { cn: `Wharf 支持回复了您的工单 ${n}：${t.subject}`, en: `Wharf support answered your ticket ${n}: ${t.subject}`, ru: `Поддержка Wharf ответила на обращение ${n}: ${t.subject}` },
    resolved: { cn: `您的工单 ${n} 已解决：${t.subject}`, en: `Your ticket ${n} is resolved: ${t.subject}`, ru: `Ваше обращение ${n} решено: ${t.subject}` },
    breached: { cn: `工单 ${n} 已超过响应时限：${t.subject}`, en: `Ticket ${n} is past its response time: ${t.subject}`, ru: `Обращение ${n} просрочено: ${t.subject}` },
  }[event][lang];
  const closing = {
    created: { cn: '打开工单：', en: 'Open the ticket:', ru: 'Открыть обращение:' },
    teamReplied: { cn: '打开工单：', en: 'Open the ticket:', ru: 'Открыть обращение:' },
    answered: { cn: '在控制台中回复：', en: 'Reply in the console:', ru: 'Ответить в консоли:' },
    resolved: { cn: '如果问题仍未解决，请在工单中回复；否则欢迎评价本次服务：', en: 'If the problem remains, reply in the ticket; otherwise, tell us how we did:', ru: 'Если проблема осталась, ответьте в обращении; если нет — оцените нашу работу:' },
    breached: { cn: '请尽快回复：', en: 'Please answer soon:', ru: 'Пожалуйста, ответьте как можно скорее:' },
  }[event][lang];
  return { subject, text: `${text ? `${quote(text)}\n\n` : ''}${closing}\n${link}\n` };
}

/**
 * The mails of the support desk, written to the outbox in the transaction of the change:
 * the team's words reach the ticket's operator (or every support operator while nobody has
 * it), the operators' answers reach whoever opened the ticket.
 */
export class SupportMail {
  constructor(private readonly deps: Pick<Deps, 'mailer' | 'config'>) {}

  /** Where the console is: the request's origin, or the configured public address for timers. */
  private origin(origin: string | null) {
    return origin ?? this.deps.config.publicUrl ?? '';
  }

  async toOperators(tx: DbOrTx, event: 'created' | 'teamReplied' | 'breached', t: TicketRow, team: string, text: string | null, origin: string | null): Promise<void> {
    const agents = await operatorsWithRole(tx, 'support');
    const to = t.assigneeId && agents.some((a) => a.userId === t.assigneeId) ? agents.filter((a) => a.userId === t.assigneeId) : agents;
    for (const a of to) {
      const lang = langOf(a.language);
      const link = `${this.origin(origin)}${sitePath(lang)}#/support-desk/${t.id}`;
      await this.deps.mailer.enqueue(tx, { to: a.email, kind: `support-${event}`, ...mailOf(event, lang, t, team, text, link) });
    }
  }

  async toRequester(tx: DbOrTx, event: 'answered' | 'resolved', t: TicketRow, team: string, text: string | null, origin: string | null): Promise<void> {
    if (!t.requesterId) return;
    const [who] = await userContacts(tx, [t.requesterId]);
    if (!who) return;
    const lang = langOf(who.language);
    const link = `${this.origin(origin)}${sitePath(lang)}#/support/${t.id}`;
    await this.deps.mailer.enqueue(tx, { to: who.email, kind: `support-${event}`, ...mailOf(event, lang, t, team, text, link) });
  }
}
