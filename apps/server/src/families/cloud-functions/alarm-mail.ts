import type { MessageLanguage } from '@wharf/contract';

interface Facts {
  alarm: string;
  fn: string;
  what: string;
  link: string;
}

const METRIC: Record<string, Record<MessageLanguage, string>> = {
  errorRate: { zh: '错误率', en: 'error rate', ru: 'доля ошибок' },
  errors: { zh: '错误次数', en: 'errors', ru: 'ошибки' },
  p95: { zh: 'p95 耗时', en: 'p95 duration', ru: 'длительность p95' },
  throttles: { zh: '被限流次数', en: 'throttled calls', ru: 'отклонённые вызовы' },
};

export const metricName = (metric: string, lang: MessageLanguage) => METRIC[metric]?.[lang] ?? metric;

/** The mail an alarm's owner gets when it fires and when it clears, in their site's language. */
export function alarmMail(lang: MessageLanguage, firing: boolean, f: Facts): { subject: string; text: string } {
  return {
    zh: firing
      ? { subject: `Wharf 告警：函数 ${f.fn} 的“${f.alarm}”已触发`, text: `函数 ${f.fn} 的告警“${f.alarm}”已触发：${f.what}。\n\n查看日志和监控：\n${f.link}` }
      : { subject: `Wharf 告警已恢复：函数 ${f.fn} 的“${f.alarm}”`, text: `函数 ${f.fn} 的告警“${f.alarm}”已恢复正常：${f.what}。\n\n${f.link}` },
    en: firing
      ? { subject: `Wharf alarm: “${f.alarm}” on ${f.fn} is firing`, text: `The alarm “${f.alarm}” on the function ${f.fn} is firing: ${f.what}.\n\nSee its logs and metrics:\n${f.link}` }
      : { subject: `Wharf alarm cleared: “${f.alarm}” on ${f.fn}`, text: `The alarm “${f.alarm}” on the function ${f.fn} is back to normal: ${f.what}.\n\n${f.link}` },
    ru: firing
      ? { subject: `Wharf: сработала тревога «${f.alarm}» функции ${f.fn}`, text: `Тревога «${f.alarm}» функции ${f.fn} сработала: ${f.what}.\n\nЖурнал и метрики:\n${f.link}` }
      : { subject: `Wharf: тревога «${f.alarm}» функции ${f.fn} снята`, text: `Тревога «${f.alarm}» функции ${f.fn} снята, всё в норме: ${f.what}.\n\n${f.link}` },
  }[lang];
}
