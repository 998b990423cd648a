import type { LocalisedText } from '../../platform/http/errors';

/** What the family says when it refuses, in the sites' three languages. */
export const WORDS = {
  nameTaken: (name: string): LocalisedText => ({ zh: `项目中已有名为“${name}”的函数`, en: `The project already has a function named "${name}"`, ru: `В проекте уже есть функция «${name}»` }),
  noFunction: { zh: '函数不存在', en: 'No such function', ru: 'Такой функции нет' },
  noVersion: (v: number | string): LocalisedText => ({ zh: `版本 ${v} 不存在`, en: `Version ${v} does not exist`, ru: `Версии ${v} нет` }),
  noAlias: (name: string): LocalisedText => ({ zh: `别名“${name}”不存在`, en: `No alias "${name}"`, ru: `Псевдонима «${name}» нет` }),
  aliasTaken: (name: string): LocalisedText => ({ zh: `已有名为“${name}”的别名`, en: `An alias named "${name}" exists already`, ru: `Псевдоним «${name}» уже есть` }),
  versionInUse: (v: number, aliases: string[]): LocalisedText => ({
    zh: `版本 ${v} 正被别名 ${aliases.join('、')} 使用：请先修改或删除这些别名`,
    en: `Version ${v} is used by the alias ${aliases.join(', ')}: point it elsewhere or delete it first`,
    ru: `Версию ${v} использует псевдоним ${aliases.join(', ')}: сначала измените или удалите его`,
  }),
  tooManyVersions: (n: number): LocalisedText => ({ zh: `每个函数最多 ${n} 个版本：请先删除旧版本`, en: `A function keeps at most ${n} versions: delete old ones first`, ru: `У функции не больше ${n} версий: сначала удалите старые` }),
  tooManyAliases: (n: number): LocalisedText => ({ zh: `每个函数最多 ${n} 个别名`, en: `A function has at most ${n} aliases`, ru: `У функции не больше ${n} псевдонимов` }),
  envValueMissing: (name: string): LocalisedText => ({ zh: `环境变量 ${name} 是新的，须填写值`, en: `The variable ${name} is new and needs a value`, ru: `Переменная ${name} новая, ей нужно значение` }),
  zipTooLarge: { zh: '函数代码的 zip 不能超过 20 MB', en: "A function's zip may be 20 MB at most", ru: 'Zip с кодом функции — не больше 20 МБ' },
  notThisProject: { zh: '此凭据不属于该函数所在的项目', en: "These credentials are not of the function's project", ru: 'Эти учётные данные не относятся к проекту функции' },
  throttled: { zh: '函数的并发已满，请稍后重试', en: 'The function is running as many calls as it may; try again shortly', ru: 'Функция выполняет максимум вызовов; повторите чуть позже' },
  noRunnerHost: { zh: '没有可用的函数运行主机：请启动一个（npm run runner）或检查 FUNCTIONS_RUNNER_URLS', en: 'No runner host answers: start one (npm run runner) or check FUNCTIONS_RUNNER_URLS', ru: 'Ни один хост запуска функций не отвечает: запустите его (npm run runner) или проверьте FUNCTIONS_RUNNER_URLS' },
  unavailable: { zh: '此服务器无法运行函数：未安装 bubblewrap', en: 'This server cannot run functions: bubblewrap is not installed', ru: 'Этот сервер не может запускать функции: bubblewrap не установлен' },
  tooManyTriggers: (n: number): LocalisedText => ({ zh: `每个函数最多 ${n} 个触发器`, en: `A function has at most ${n} triggers`, ru: `У функции не больше ${n} триггеров` }),
  noTrigger: { zh: '触发器不存在', en: 'No such trigger', ru: 'Такого триггера нет' },
  tooManyTestEvents: (n: number): LocalisedText => ({ zh: `每个函数最多保存 ${n} 个测试事件`, en: `A function keeps at most ${n} saved test events`, ru: `У функции не больше ${n} сохранённых тестовых событий` }),
  noTestEvent: { zh: '没有这个名称的测试事件', en: 'No saved test event of that name', ru: 'Тестового события с таким названием нет' },
  tooManyAlarms: (n: number): LocalisedText => ({ zh: `每个函数最多 ${n} 个告警`, en: `A function has at most ${n} alarms`, ru: `У функции не больше ${n} тревог` }),
  noAlarm: { zh: '告警不存在', en: 'No such alarm', ru: 'Такой тревоги нет' },
  noRun: { zh: '此触发运行不存在', en: 'No such trigger run', ru: 'Такого запуска триггера нет' },
  runNotDead: { zh: '只有全部重试都失败的运行才能重放', en: 'Only a run that failed every attempt can be replayed', ru: 'Повторить можно только запуск, исчерпавший все попытки' },
} as const;
