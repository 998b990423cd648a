import type { LocalisedText } from '../../platform/http/errors';

/** What the family says when it refuses, in the sites' three languages. */
export const WORDS = {
  noPrefix: { zh: '链接前缀不存在', en: 'No such link prefix', ru: 'Такого префикса ссылок нет' },
  prefixTaken: (name: string): LocalisedText => ({ zh: `“${name}”已被使用，请换一个`, en: `"${name}" is taken: choose another`, ru: `«${name}» занято, выберите другое` }),
  prefixHasLinks: (n: number): LocalisedText => ({ zh: `该前缀下还有 ${n} 个链接，请先删除它们`, en: `The prefix still holds ${n} links: delete them first`, ru: `В префиксе ещё есть ссылки (${n}): сначала удалите их` }),
  prefixNotVerified: { zh: '该域名尚未通过 TXT 记录验证，验证后才能创建链接', en: 'The host is not verified by its TXT record yet: links can be made once it is', ru: 'Хост ещё не подтверждён TXT-записью: ссылки можно создавать после подтверждения' },
  noLink: { zh: '链接不存在', en: 'No such link', ru: 'Такой ссылки нет' },
  suffixTaken: (suffix: string): LocalisedText => ({ zh: `后缀“${suffix}”已被使用（包括已删除的链接），请换一个`, en: `The suffix "${suffix}" is taken (deleted links keep theirs): choose another`, ru: `Окончание «${suffix}» занято (удалённые ссылки сохраняют свои): выберите другое` }),
  suffixTwice: (suffix: string): LocalisedText => ({ zh: `后缀“${suffix}”出现了多次`, en: `The suffix "${suffix}" is asked for twice`, ru: `Окончание «${suffix}» указано дважды` }),
  hostNotAllowed: (host: string): LocalisedText => ({ zh: `“${host}”不在项目允许的目标域名中（在链接设置中添加）`, en: `"${host}" is not one of the project's allowed hosts (add it in the link settings)`, ru: `«${host}» нет среди разрешённых хостов проекта (добавьте его в настройках ссылок)` }),
  notProjectApp: (platform: string): LocalisedText => ({ zh: `所选 ${platform} 应用不属于本项目`, en: `The ${platform} app chosen is not an app of this project on that platform`, ru: `Выбранное приложение ${platform} не относится к проекту на этой платформе` }),
  dailyLimit: (n: number): LocalisedText => ({ zh: `已达到项目每日创建链接上限（${n} 个），请明天再试或在设置中提高上限`, en: `The project's limit of ${n} new links a day is reached: try tomorrow or raise it in the settings`, ru: `Достигнут дневной предел проекта — ${n} новых ссылок: попробуйте завтра или поднимите его в настройках` }),
  takenDown: { zh: '该链接已被平台下架，无法重新启用', en: 'The link was taken down by the platform and cannot be turned back on', ru: 'Ссылка снята платформой и не может быть включена снова' },
  expiredBeforeNow: { zh: '失效时间须晚于现在', en: 'The expiry must be in the future', ru: 'Срок действия должен быть в будущем' },
  growthNeeded: { zh: '此 API 客户端的角色没有管理推广链接的权限（需要管理员角色）', en: "This API client's role may not manage links (the administrator role may)", ru: 'Роль этого API-клиента не позволяет управлять ссылками (может роль администратора)' },
  projectNeeded: { zh: '此 API 客户端不能访问该项目', en: 'This API client does not reach that project', ru: 'Этот API-клиент не имеет доступа к проекту' },
  noReport: { zh: '举报不存在或已处理', en: 'No such open report', ru: 'Такой открытой жалобы нет' },
};
