import type { IdentityCheck } from '@wharf/rules';
import type { LocalisedText } from '../../platform/http/errors';

export interface CheckResult {
  available: boolean;
  reason: 'format' | 'reserved' | 'taken' | null;
  text: LocalisedText;
}

const PACKAGE = {
  format: { zh: '包名须为 7–128 个字符，至少三段，以点分隔，每段以字母开头', en: 'A package name has 7–128 characters in at least three dot-separated segments, each starting with a letter', ru: 'Имя пакета — от 7 до 128 символов, не меньше трёх частей через точку, каждая начинается с буквы' },
  reserved: { zh: '包名使用了保留的命名空间或关键字', en: 'The package name uses a reserved namespace or keyword', ru: 'В имени пакета зарезервированное пространство имён или ключевое слово' },
  taken: { zh: '该平台上已有应用使用此包名', en: 'Another app on this platform uses this package name', ru: 'Это имя пакета уже использует другое приложение на этой платформе' },
  ok: { zh: '包名可用', en: 'The package name is available', ru: 'Имя пакета свободно' },
};

const NAME = {
  format: { zh: '应用名称须为 1–64 个字符，且不含控制字符', en: 'An app name has 1–64 characters and no control characters', ru: 'Название приложения — от 1 до 64 символов, без управляющих символов' },
  reserved: { zh: '应用名称包含保留词', en: 'The app name contains a reserved word', ru: 'В названии приложения зарезервированное слово' },
  taken: { zh: '已上架的应用使用了此名称', en: 'A listed app already uses this name', ru: 'Это название уже носит опубликованное приложение' },
  ok: { zh: '应用名称可用', en: 'The app name is available', ru: 'Название приложения свободно' },
};

function result(table: typeof PACKAGE, reason: IdentityCheck | 'taken'): CheckResult {
  return { available: reason === null, reason, text: table[reason ?? 'ok'] };
}

export const packageNameResult = (reason: IdentityCheck | 'taken') => result(PACKAGE, reason);
export const appNameResult = (reason: IdentityCheck | 'taken') => result(NAME, reason);
