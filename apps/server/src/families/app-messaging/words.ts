import type { LocalisedText } from '../../platform/http/errors';

/** What the family says when it refuses, in the sites' three languages. */
export const WORDS = {
  noMessage: { zh: '消息不存在', en: 'No such message', ru: 'Такого сообщения нет' },
  tooMany: (n: number): LocalisedText => ({ zh: `每个应用最多 ${n} 条消息`, en: `An app has at most ${n} messages`, ru: `У приложения не больше ${n} сообщений` }),
  ended: { zh: '消息已结束，不能再修改：请复制为新消息', en: 'The message has ended and cannot change: make a new one', ru: 'Сообщение завершено и не меняется: создайте новое' },
  action: (action: string, state: string): LocalisedText => ({ zh: `消息处于“${state}”状态，不能执行“${action}”`, en: `A message that is ${state} cannot be told to ${action}`, ru: `Сообщение в состоянии «${state}» нельзя ${action === 'publish' ? 'опубликовать' : action === 'pause' ? 'приостановить' : action === 'resume' ? 'возобновить' : 'завершить'}` }),
  notDeletable: { zh: '只能删除草稿或已结束的消息：请先结束它', en: 'Only a draft or an ended message can be deleted: end it first', ru: 'Удалить можно только черновик или завершённое сообщение: сначала завершите его' },
  noAudience: { zh: '所选受众不存在（可能已被删除）：请在应用分析的“受众”中选择', en: 'An audience chosen does not exist (it may have been deleted): pick one from App Analytics → Audiences', ru: 'Выбранной аудитории нет (возможно, её удалили): выберите её в «Аналитика приложения» → «Аудитории»' },
  badImage: { zh: '图片须为本团队已上传完成的 PNG、JPEG 或 WebP 文件', en: 'An image is a PNG, JPEG or WebP file your team has finished uploading', ru: 'Изображение — это файл PNG, JPEG или WebP, загруженный вашей командой до конца' },
};
