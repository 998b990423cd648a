import type { LinkTargets } from '@wharf/rules';
import { languageOfAcceptLanguage } from '../../platform/http/accept-language';

// Not @wharf/rules escapeHtml: it turns spaces into &nbsp; (the console's display rule), which
// crawlers would keep in a title.
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

type Lang = 'zh' | 'en' | 'ru';
const langOf = (acceptLanguage: string | undefined): Lang => {
  const l = (languageOfAcceptLanguage(acceptLanguage) ?? 'en').slice(0, 2).toLowerCase();
  return l === 'zh' || l === 'ru' ? l : 'en';
};

const T = {
  notFound: { zh: '链接不存在', en: 'This link does not exist', ru: 'Такой ссылки нет' },
  notFoundText: { zh: '链接可能输错了，或已被所有者删除或停用。', en: 'It may be mistyped, or its owner deleted or turned it off.', ru: 'Возможно, в ней опечатка, или владелец удалил или отключил её.' },
  expired: { zh: '链接已过期', en: 'This link has expired', ru: 'Срок действия ссылки истёк' },
  takenDown: { zh: '链接已被停用', en: 'This link was taken down', ru: 'Ссылка снята' },
  takenDownText: { zh: '平台在收到举报并核实后停用了此链接。', en: 'The platform took it down after reports were checked.', ru: 'Платформа сняла её после проверки жалоб.' },
  open: { zh: '打开链接', en: 'Open the link', ru: 'Открыть ссылку' },
  goesTo: { zh: '此链接将前往：', en: 'This link goes to:', ru: 'Ссылка ведёт на:' },
  report: { zh: '举报此链接', en: 'Report this link', ru: 'Пожаловаться на ссылку' },
  reason: { zh: '原因（例如：钓鱼、恶意软件、垃圾信息）', en: 'Why (phishing, malware, spam…)', ru: 'Причина (фишинг, вредоносная программа, спам…)' },
  send: { zh: '提交举报', en: 'Send the report', ru: 'Отправить жалобу' },
  thanks: { zh: '感谢举报', en: 'Thank you for the report', ru: 'Спасибо за жалобу' },
  thanksText: { zh: '平台会核查此链接。', en: 'The platform will look at the link.', ru: 'Платформа проверит ссылку.' },
};

const shell = (lang: Lang, head: string, body: string) =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${head}<style>body{font-family:system-ui,sans-serif;max-width:560px;margin:48px auto;padding:0 16px;color:#1f2328}img{max-width:100%;border-radius:8px}a.button,button{display:inline-block;background:#1677ff;color:#fff;border:0;border-radius:6px;padding:8px 16px;text-decoration:none;font-size:15px}textarea{width:100%;box-sizing:border-box}details{margin-top:32px;color:#59636e}</style></head><body>${body}</body></html>`;

export const notFoundBody = (acceptLanguage: string | undefined) => {
  const l = langOf(acceptLanguage);
  return shell(l, `<title>${T.notFound[l]}</title>`, `<h1>${T.notFound[l]}</h1><p>${T.notFoundText[l]}</p>`);
};

export const goneBody = (acceptLanguage: string | undefined, why: 'expired' | 'takenDown') => {
  const l = langOf(acceptLanguage);
  return shell(l, `<title>${T[why][l]}</title>`, `<h1>${T[why][l]}</h1>${why === 'takenDown' ? `<p>${T.takenDownText[l]}</p>` : ''}`);
};

export const thanksBody = (acceptLanguage: string | undefined) => {
  const l = langOf(acceptLanguage);
  return shell(l, `<title>${T.thanks[l]}</title>`, `<h1>${T.thanks[l]}</h1><p>${T.thanksText[l]}</p>`);
};

/**
 * The page social crawlers read (Open Graph and Twitter tags) and people see with `?preview=1`:
 * where the link goes, and a form to report it. Every text of the link is escaped.
 */
export function previewBody(acceptLanguage: string | undefined, t: LinkTargets, report: { linkId: string; reportUrl: string } | null): string {
  const l = langOf(acceptLanguage);
  const title = t.social.title ?? new URL(t.deepLink).hostname;
  const to = t.desktopUrl ?? t.deepLink;
  const meta = [
    ['og:title', title],
    ['og:description', t.social.description],
    ['og:image', t.social.imageUrl],
    ['og:url', to],
    ['og:type', 'website'],
    ['twitter:card', t.social.imageUrl ? 'summary_large_image' : 'summary'],
  ]
    .filter((m): m is [string, string] => !!m[1])
    .map(([k, v]) => `<meta ${k.startsWith('og:') ? 'property' : 'name'}="${k}" content="${escapeHtml(v)}">`)
    .join('');
  const description = t.social.description ? `<p>${escapeHtml(t.social.description)}</p><meta name="description" content="${escapeHtml(t.social.description)}">` : '';
  const image = t.social.imageUrl ? `<p><img src="${escapeHtml(t.social.imageUrl)}" alt=""></p>` : '';
  const form = report
    ? `<details><summary>${T.report[l]}</summary><form method="post" action="${escapeHtml(report.reportUrl)}"><input type="hidden" name="link" value="${escapeHtml(report.linkId)}"><p><label>${T.reason[l]}<br><textarea name="reason" rows="3" maxlength="500" required></textarea></label></p><button type="submit">${T.send[l]}</button></form></details>`
    : '';
  return shell(l, `<title>${escapeHtml(title)}</title>${meta}`, `<h1>${escapeHtml(title)}</h1>${description}${image}<p>${T.goesTo[l]} <code>${escapeHtml(to)}</code></p><p><a class="button" href="${escapeHtml(to)}" rel="noopener noreferrer">${T.open[l]}</a></p>${form}`);
}
