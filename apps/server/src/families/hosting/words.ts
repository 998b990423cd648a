import type { LocalisedText } from '../../platform/http/errors';

/** What the family says when it refuses, in the sites' three languages. */
export const WORDS = {
  noSite: (name: string): LocalisedText => ({ zh: `站点“${name}”不存在`, en: `No site "${name}"`, ru: `Сайта «${name}» нет` }),
  siteTaken: (name: string): LocalisedText => ({ zh: `站点名称“${name}”已被使用，请换一个`, en: `The site name "${name}" is taken: choose another`, ru: `Имя сайта «${name}» занято, выберите другое` }),
  tooManySites: (n: number): LocalisedText => ({ zh: `每个项目最多 ${n} 个站点`, en: `A project has at most ${n} sites`, ru: `В проекте не больше ${n} сайтов` }),
  noVersion: (n: number): LocalisedText => ({ zh: `版本 ${n} 不存在`, en: `Version ${n} does not exist`, ru: `Версии ${n} нет` }),
  notReady: (n: number): LocalisedText => ({ zh: `版本 ${n} 还在上传，请先完成`, en: `Version ${n} is still being uploaded: finish it first`, ru: `Версия ${n} ещё загружается: сначала завершите её` }),
  notUploading: (n: number): LocalisedText => ({ zh: `版本 ${n} 已完成，不能再修改：请部署新版本`, en: `Version ${n} is finished and cannot change: deploy a new version`, ru: `Версия ${n} завершена и не меняется: разверните новую` }),
  emptyVersion: { zh: '版本中没有文件', en: 'The version holds no files', ru: 'В версии нет файлов' },
  tooManyFiles: (n: number): LocalisedText => ({ zh: `每个版本最多 ${n} 个文件`, en: `A version holds at most ${n} files`, ru: `В версии не больше ${n} файлов` }),
  tooLarge: (mb: number): LocalisedText => ({ zh: `单个文件最大 ${mb} MB`, en: `A file is at most ${mb} MB`, ru: `Файл — не больше ${mb} МБ` }),
  noChannel: (name: string): LocalisedText => ({ zh: `预览渠道“${name}”不存在`, en: `No preview channel "${name}"`, ru: `Канала предпросмотра «${name}» нет` }),
  liveStays: { zh: '正式渠道不能删除：请发布其他版本或删除站点', en: 'The live channel cannot be deleted: release another version, or delete the site', ru: 'Основной канал удалить нельзя: выпустите другую версию или удалите сайт' },
  tooManyChannels: (n: number): LocalisedText => ({ zh: `每个站点最多 ${n} 个预览渠道`, en: `A site has at most ${n} preview channels`, ru: `У сайта не больше ${n} каналов предпросмотра` }),
  noZip: { zh: '请上传本团队已上传完成的 zip 文件', en: 'Give a zip your team has finished uploading', ru: 'Укажите zip, который ваша команда загрузила полностью' },
  zipTooLarge: (mb: number): LocalisedText => ({ zh: `zip 最大 ${mb} MB`, en: `The zip is at most ${mb} MB`, ru: `Zip — не больше ${mb} МБ` }),
  domainTaken: (d: string): LocalisedText => ({ zh: `域名 ${d} 已被其他站点使用`, en: `The domain ${d} is in use by a site already`, ru: `Домен ${d} уже занят сайтом` }),
  noDomain: (d: string): LocalisedText => ({ zh: `站点没有域名 ${d}`, en: `The site has no domain ${d}`, ru: `У сайта нет домена ${d}` }),
};
