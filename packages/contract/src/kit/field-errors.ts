import { z } from 'zod';

/**
 * What a 400 answer says about each field it refused, beside `ret`: which field, which
 * rule and its limits, so that clients say it in their own language and name the field
 * as their form labels it (the console never shows a path such as `listings.0.iconObjectId`).
 */
export const FIELD_RULES = [
  'required', // missing or empty
  'type', // a number where text belongs, and the like
  'tooShort', // text: fewer than `min` characters
  'tooLong', // text: more than `max` characters
  'tooSmall', // number: below `min`
  'tooLarge', // number: above `max`
  'tooFew', // list: fewer than `min` items
  'tooMany', // list: more than `max` items
  'format', // not a valid `format` (email, uuid, url, date-time, pattern…)
  'oneOf', // not one of `values`
  'unknownKeys', // fields the call does not take
  'controlCharacter', // NUL, another control character or a broken surrogate (`character`)
  'invalid', // any other refusal
] as const;
export type FieldRule = (typeof FIELD_RULES)[number];

export const fieldErrorSchema = z.object({
  /** The field's path, dot-separated (`listings.0.iconObjectId`); empty for the whole part. */
  field: z.string(),
  /** The field's last named segment (`iconObjectId`), which labels are looked up by. */
  name: z.string(),
  in: z.enum(['body', 'query', 'params', 'headers']),
  rule: z.enum(FIELD_RULES),
  min: z.number().optional(),
  max: z.number().optional(),
  format: z.string().optional(),
  values: z.array(z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  character: z.string().optional(),
  /** For `invalid`: the contract's refinement that refused it (`REFINEMENTS`). */
  reason: z.string().optional(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The last path segment that is a name, not a list index. */
export function fieldName(path: ReadonlyArray<string | number>): string {
  for (let i = path.length - 1; i >= 0; i -= 1) {
    const part = path[i];
    if (typeof part === 'string' && !/^\d+$/.test(part)) return part;
  }
  return '';
}

/**
 * The contract's own cross-field rules, by key: a schema refines with `refused('key')`
 * and clients say the key's text (the console's locale files hold one per key; a test checks).
 */
export const REFINEMENTS = {
  endAfterStart: { zh: '结束时间须晚于开始时间', en: 'must end after it starts', ru: 'должно заканчиваться позже начала' },
  oneTextPerLanguage: { zh: '每种语言只能有一条文本', en: 'one text per language', ru: 'по одному тексту на язык' },
  rejectionNeedsComment: { zh: '驳回时须填写意见', en: 'a rejection needs a comment', ru: 'для отклонения нужен комментарий' },
  rejectionNeedsReason: { zh: '驳回时须填写原因', en: 'a rejection needs a reason', ru: 'для отклонения нужна причина' },
  rejectionNeedsReasonOrComment: { zh: '驳回时须选择原因或填写意见', en: 'a rejection needs a reason or a comment', ru: 'для отклонения нужна причина или комментарий' },
  eachFileOnce: { zh: '每个文件只能出现一次', en: 'each file once', ru: 'каждый файл — один раз' },
  releaseAtOrNow: { zh: '请指定发布时间或立即发布，二者选一', en: 'give either releaseAt or now: true', ru: 'укажите либо releaseAt, либо now: true' },
  twoDecimals: { zh: '最多两位小数', en: 'at most two decimals', ru: 'не больше двух знаков после запятой' },
  claimOrApp: { zh: '请指定 claimId 或 appId，二者选一', en: 'either claimId or appId', ru: 'либо claimId, либо appId' },
  releaseState: { zh: '不是已知的发布状态', en: 'not a known release state', ru: 'неизвестное состояние выпуска' },
  httpLink: { zh: '须为 http 或 https 链接', en: 'an http or https link', ru: 'ссылка http или https' },
  httpsLink: { zh: '须为 https 链接', en: 'an https link', ru: 'ссылка https' },
  webOrigin: { zh: '须为网站来源，如 https://example.com（不含路径）', en: 'a web origin such as https://example.com (no path)', ru: 'источник вида https://example.com (без пути)' },
  fileName: { zh: '文件名不能包含斜杠', en: 'a file name without slashes', ru: 'имя файла без косых черт' },
  emailAddress: { zh: '须为邮箱地址', en: 'an email address', ru: 'адрес электронной почты' },
  propertyAndValue: { zh: '属性和属性值须同时填写', en: 'a property and its value go together', ru: 'свойство и его значение указываются вместе' },
  instanceOrUser: { zh: '请指定应用实例 ID 或用户 ID，二者选一', en: 'either an instance ID or a user ID', ru: 'либо ID экземпляра, либо ID пользователя' },
  reportColumns: { zh: '请至少选择一个指标或事件', en: 'at least one metric or event', ru: 'хотя бы один показатель или событие' },
  reportProperty: { zh: '按属性拆分时须填写属性名，其他拆分方式不填', en: 'a property name when split by property, and only then', ru: 'имя свойства — при разбивке по свойству, и только тогда' },
  templateOrDefinition: { zh: '请指定模板，或同时填写名称和报表定义', en: 'either a templateId, or a name and a definition', ru: 'либо templateId, либо name и definition' },
  userPropertyValue: { zh: '“已设置”不带值；大于、小于类比较需要数字，其他比较需要一个值', en: 'no value for "is set", a number to compare above or below, a value otherwise', ru: 'для «задано» без значения, для сравнения больше/меньше — число, иначе — значение' },
  newTestVersionFields: { zh: '新建测试版本须填写名称、软件包、测试群组、开始和结束时间', en: 'a new test version needs name, pkgId, groupIds, startAt and endAt', ru: 'новой тестовой версии нужны name, pkgId, groupIds, startAt и endAt' },
  memorySize: { zh: '内存须为 128、256、512 或 1024 MB', en: 'memory of 128, 256, 512 or 1024 MB', ru: 'память 128, 256, 512 или 1024 МБ' },
  envNamesRepeat: { zh: '每个环境变量名只能出现一次', en: 'each variable name once', ru: 'каждое имя переменной — один раз' },
  // A store listing's images (@wharf/rules listingImageProblem), checked when the listing is saved.
  iconType: { zh: '须为 PNG 图片', en: 'a PNG image', ru: 'изображение PNG' },
  iconPixels: { zh: '须为 216×216 或 1024×1024 像素', en: '216×216 or 1024×1024 pixels', ru: '216×216 или 1024×1024 пикселей' },
  screenshotType: { zh: '须为 PNG、JPEG 或 WebP 图片', en: 'a PNG, JPEG or WebP image', ru: 'изображение PNG, JPEG или WebP' },
  screenshotPixels: { zh: '每边 320–3840 像素，长边不超过短边的 2 倍', en: '320 to 3840 pixels a side, the long side at most twice the short one', ru: 'от 320 до 3840 пикселей по стороне, длинная сторона не больше двух коротких' },
  imageBytes: { zh: '图标最大 3 MB，截图最大 5 MB', en: 'at most 3 MB for an icon, 5 MB for a screenshot', ru: 'не больше 3 МБ для значка и 5 МБ для снимка экрана' },
  unreadable: { zh: '无法读取图片尺寸，请重新导出后上传', en: 'an image whose size can be read (export it again and upload it)', ru: 'изображение с читаемым размером (экспортируйте его заново и загрузите)' },
  uploadedFile: { zh: '须为本团队已上传完成的文件', en: 'a file your team has finished uploading', ru: 'файл, загруженный вашей командой до конца' },
  videoType: { zh: '须为视频文件', en: 'a video', ru: 'видео' },
  bucketName: { zh: '须为 3–63 个小写字母、数字或单个连字符，以字母或数字开头和结尾', en: '3 to 63 lower-case letters, digits and single hyphens, starting and ending with a letter or digit', ru: 'от 3 до 63 строчных латинских букв, цифр и одиночных дефисов, в начале и в конце буква или цифра' },
  objectName: { zh: '须为路径，如 photos/cat.jpg（不能以 / 开头，不能有空段、. 或 ..）', en: 'a path such as photos/cat.jpg (no leading /, empty, . or .. parts)', ru: 'путь вида photos/cat.jpg (без / в начале, пустых частей, . и ..)' },
  folderPrefix: { zh: '须为以 / 结尾的文件夹路径，如 photos/', en: 'a folder path ending with /, such as photos/', ru: 'путь папки с / в конце, например photos/' },
  metadataKeys: { zh: '最多 20 项自定义元数据', en: 'at most 20 custom metadata entries', ru: 'не больше 20 пользовательских метаданных' },
  siteName: { zh: '须为 3–63 个小写字母、数字或单个连字符，以字母或数字开头和结尾', en: '3 to 63 lower-case letters, digits and single hyphens, starting and ending with a letter or digit', ru: 'от 3 до 63 строчных латинских букв, цифр и одиночных дефисов, в начале и в конце буква или цифра' },
  redirectDestination: { zh: '须为站点内的路径（以 / 开头）或 http(s) 地址', en: 'a path of the site (starting with /) or an http(s) address', ru: 'путь сайта (начиная с /) или адрес http(s)' },
  reservedHeader: { zh: '此响应头由服务器设置，站点不能修改', en: 'a header the server sets itself', ru: 'этот заголовок сервер ставит сам' },
  aliasSameVersion: { zh: '附加版本须不同于主版本', en: 'an additional version other than the main one', ru: 'дополнительная версия должна отличаться от основной' },
  linkTarget: { zh: '须为 http 或 https 地址（不含用户名和密码）', en: 'an http or https address without a user name or password', ru: 'адрес http или https без имени пользователя и пароля' },
  linkSuffix: { zh: '须为 4–64 个字母、数字、_ 或 -，且不是保留词', en: '4 to 64 letters, digits, _ or -, not a reserved word', ru: 'от 4 до 64 латинских букв, цифр, _ или -, не зарезервированное слово' },
  linkPrefix: { zh: '须为 3–32 个小写字母、数字或单个连字符，且不是保留词', en: '3 to 32 lower-case letters, digits and single hyphens, not a reserved word', ru: 'от 3 до 32 строчных латинских букв, цифр и одиночных дефисов, не зарезервированное слово' },
  buttonTarget: { zh: '“关闭”按钮不带地址，其他按钮须有地址', en: 'an address for a button that opens one, none for dismiss', ru: 'адрес для кнопки, которая его открывает, и без адреса для «закрыть»' },
  defaultLanguageContent: { zh: '须包含默认语言的内容', en: 'content in the default language', ru: 'содержимое на языке по умолчанию' },
  oneTapAction: { zh: '横幅和图片消息只能有一个点击动作', en: 'one tap action for a banner or an image', ru: 'одно действие по нажатию для баннера или изображения' },
  imageNeeded: { zh: '图片消息的每种语言都须有图片', en: 'an image in every language of an image message', ru: 'изображение на каждом языке сообщения-изображения' },
  textNeeded: { zh: '每种语言须有标题或正文', en: 'a title or a body in every language', ru: 'заголовок или текст на каждом языке' },
  cronExpression: { zh: '须为 5 段的 cron 表达式（分 时 日 月 周），例如 0 9 * * 1-5', en: 'a cron expression of five fields (minute hour day month weekday), such as 0 9 * * 1-5', ru: 'выражение cron из пяти полей (минута час день месяц день недели), например 0 9 * * 1-5' },
  triggerPayload: { zh: '须为不超过 4 KB 的 JSON', en: 'JSON of at most 4 KB', ru: 'JSON не больше 4 КБ' },
  eventTypes: { zh: '须为所选事件源的事件类型', en: 'event types of the chosen source', ru: 'типы событий выбранного источника' },
  inlineFileCount: { zh: '最多 30 个文件', en: 'at most 30 files', ru: 'не больше 30 файлов' },
  inlineEntry: { zh: '须包含非空的 index.js', en: 'an index.js that is not empty among them', ru: 'непустой index.js среди них' },
  inlineSize: { zh: '所有文件合计不超过 512 KB', en: 'at most 512 KB in all', ru: 'не больше 512 КБ вместе' },
  preloadDays: { zh: '每天只列一次', en: 'each day once', ru: 'каждый день один раз' },
  preloadHours: { zh: '开始时间须早于结束时间', en: 'a start hour before the end hour', ru: 'час начала раньше часа окончания' },
  layerTwice: { zh: '每个层只能使用一次', en: 'each layer once', ru: 'каждый слой один раз' },
  layerPackageJson: { zh: '须为至少含一个 dependencies 的 package.json', en: 'a package.json with at least one dependency', ru: 'package.json хотя бы с одной зависимостью' },
  testEventSize: { zh: '须为不超过 64 KB 的 JSON', en: 'JSON of at most 64 KB', ru: 'JSON не больше 64 КБ' },
  triggerKind: { zh: '须为定时器或事件之一', en: 'either a timer or an event, not both', ru: 'либо таймер, либо событие, но не оба' },
} as const;
export type RefinementKey = keyof typeof REFINEMENTS;

/** A refinement's options: its key is the message, which the validator reports as `reason`. */
export const refused = (key: RefinementKey, path?: PropertyKey[]) => ({ message: key, ...(path ? { path } : {}) });
