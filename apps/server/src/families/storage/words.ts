import type { LocalisedText } from '../../platform/http/errors';

const size = (bytes: number) => (bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GB` : `${Math.round(bytes / 1024 ** 2)} MB`);

/** What the family says when it refuses, in the sites' three languages. */
export const WORDS = {
  notEnabled: { zh: '项目尚未开通云存储', en: 'Cloud Storage is not on for this project', ru: 'Облачное хранилище в проекте не включено' },
  enabledAlready: { zh: '项目已开通云存储', en: 'Cloud Storage is on for this project already', ru: 'Облачное хранилище в проекте уже включено' },
  noBucket: (name: string): LocalisedText => ({ zh: `存储桶“${name}”不存在`, en: `No bucket "${name}"`, ru: `Бакета «${name}» нет` }),
  bucketTaken: (name: string): LocalisedText => ({ zh: `存储桶名称“${name}”已被使用，请换一个`, en: `The bucket name "${name}" is taken: choose another`, ru: `Имя бакета «${name}» занято, выберите другое` }),
  tooManyBuckets: (n: number): LocalisedText => ({ zh: `每个项目最多 ${n} 个存储桶`, en: `A project has at most ${n} buckets`, ru: `В проекте не больше ${n} бакетов` }),
  bucketNotEmpty: (n: number): LocalisedText => ({ zh: `存储桶中还有 ${n} 个文件，请先删除`, en: `The bucket still holds files (${n}): delete them first`, ru: `В бакете ещё есть файлы (${n}): сначала удалите их` }),
  defaultBucket: { zh: '默认存储桶不能删除', en: 'The default bucket cannot be deleted', ru: 'Бакет по умолчанию удалить нельзя' },
  noObject: (name: string): LocalisedText => ({ zh: `文件“${name}”不存在`, en: `No file "${name}"`, ru: `Файла «${name}» нет` }),
  quota: (quota: number): LocalisedText => ({ zh: `项目的存储空间（${size(quota)}）已用完：请删除文件后重试`, en: `The project's storage quota (${size(quota)}) is used up: delete files and try again`, ru: `Квота хранилища проекта (${size(quota)}) исчерпана: удалите файлы и повторите` }),
  objectTooLarge: (max: number): LocalisedText => ({ zh: `单个文件最大 ${size(max)}`, en: `A file is at most ${size(max)}`, ru: `Файл — не больше ${size(max)}` }),
  refusedByRules: { zh: '存储安全规则不允许此操作', en: 'The bucket’s security rules do not allow this', ru: 'Правила безопасности бакета этого не разрешают' },
  notThisProject: { zh: '此存储桶不属于该应用所在的项目', en: 'This bucket is not of the app’s project', ru: 'Этот бакет не из проекта приложения' },
  badName: { zh: '文件路径无效：如 photos/cat.jpg，不能有空段、. 或 ..', en: 'Not a file path: use one like photos/cat.jpg, without empty, . or .. parts', ru: 'Недопустимый путь: например photos/cat.jpg, без пустых частей, . и ..' },
  badLink: { zh: '下载链接无效或已过期', en: 'The download link is invalid or has expired', ru: 'Ссылка для скачивания недействительна или истекла' },
  noUpload: { zh: '上传会话不存在或已过期，请重新开始上传', en: 'No such upload session (it may have expired): start the upload again', ru: 'Сеанса загрузки нет (возможно, он истёк): начните загрузку заново' },
  badChunk: (expected: number): LocalisedText => ({ zh: `分片须从第 ${expected} 字节开始`, en: `The next chunk must start at byte ${expected}`, ru: `Следующая часть должна начинаться с байта ${expected}` }),
  sizeMismatch: { zh: '上传的字节数与声明的大小不符', en: 'The bytes sent do not match the size declared', ru: 'Отправленные байты не совпадают с заявленным размером' },
  badRules: (index: number, operation: string | null, detail: string): LocalisedText => ({
    zh: `第 ${index + 1} 条规则${operation ? `的 ${operation}` : '的路径'}有误：${detail}`,
    en: `Rule ${index + 1}${operation ? `, ${operation}` : ', its path'}: ${detail}`,
    ru: `Правило ${index + 1}${operation ? `, ${operation}` : ', путь'}: ${detail}`,
  }),
  badMetadata: { zh: '自定义元数据最多 20 项，键为字母、数字、_ 或 -', en: 'Custom metadata: at most 20 entries, keys of letters, digits, _ and -', ru: 'Пользовательские метаданные: не больше 20, ключи из букв, цифр, _ и -' },
  notAnImage: { zh: '只有 PNG、JPEG、WebP、GIF 或 AVIF 图片（最大 50 MB）才有缩略图', en: 'Only PNG, JPEG, WebP, GIF and AVIF pictures (up to 50 MB) have thumbnails', ru: 'Миниатюры есть только у изображений PNG, JPEG, WebP, GIF и AVIF (до 50 МБ)' },
  badQuery: (what: string): LocalisedText => ({ zh: `参数无效：${what}`, en: `Invalid parameter: ${what}`, ru: `Недопустимый параметр: ${what}` }),
};
