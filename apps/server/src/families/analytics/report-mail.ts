import type { MessageLanguage } from '@wharf/contract';

interface Facts {
  report: string;
  app: string;
  from: string;
  to: string;
  link: string;
  days: number;
}

/** The mail a scheduled report sends its owner: where to download it, and for how long. */
export function scheduledReportMail(lang: MessageLanguage, f: Facts): { subject: string; text: string } {
  return {
    zh: { subject: `Wharf：${f.app} 的报表“${f.report}”（${f.from} 至 ${f.to}）`, text: `报表“${f.report}”已生成，涵盖 ${f.from} 至 ${f.to}。\n\n在控制台下载（${f.days} 天内有效）：\n${f.link}\n\n如不再需要，请在报表模板中将定时发送设为“关闭”。` },
    en: { subject: `Wharf: ${f.app}, report “${f.report}” (${f.from} to ${f.to})`, text: `Your report “${f.report}” for ${f.from} to ${f.to} is ready.\n\nDownload it in the console (kept for ${f.days} days):\n${f.link}\n\nTo stop these messages, set the template’s schedule to “Off”.` },
    ru: { subject: `Wharf: ${f.app}, отчёт «${f.report}» (${f.from} — ${f.to})`, text: `Отчёт «${f.report}» за ${f.from} — ${f.to} готов.\n\nСкачайте его в консоли (хранится ${f.days} дн.):\n${f.link}\n\nЧтобы больше не получать эти письма, выключите расписание в шаблоне отчёта.` },
  }[lang];
}
