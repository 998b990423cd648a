import { describe, expect, it } from 'vitest';
import { RET_CODES } from '@wharf/contract';
import { createI18n } from '../app/i18n';
import { ApiError, clientErrorText, errorText, fieldErrorText, fieldErrorsOf, isRiskRefusal, isSessionInvalid, type Translate } from './errors';

const tOf = (language: 'cn' | 'en' | 'ru'): Translate => {
  const i18n = createI18n(language);
  return (key, vars) => i18n.t(key, vars);
};
const en = tOf('en');
const ru = tOf('ru');
const cn = tOf('cn');

const error = (over: Partial<{ message: string; status: number | null; code: number | null; msg: string | null; statusText: string; client: string }>) =>
  new ApiError(over.message ?? over.msg ?? over.client ?? 'x', 'e', over.status ?? null, over.code ?? null, over.msg ?? null, over.statusText ?? '', over.client ?? '');

describe("axios's own errors", () => {
  it('are translated', () => {
    expect(clientErrorText('Network Error', ru)).toBe('Сервер недоступен. Проверьте подключение и повторите попытку.');
    expect(clientErrorText('timeout of 30000ms exceeded', en)).toBe('The server did not answer within 30000 ms. Try again.');
    expect(clientErrorText('timeout of 500 ms exceeded', cn)).toBe('服务器在 500 毫秒内未响应，请重试。');
    expect(clientErrorText('Request aborted', cn)).toBe('请求已中断，请重试。');
    expect(clientErrorText('Request failed with status code 502', ru)).toBe('Сервер ответил ошибкой (HTTP 502).');
    expect(clientErrorText('Something else', en)).toBeNull();
  });
});

describe('error box text', () => {
  it('says a known ret.code from the locale files', () => {
    const forbidden = error({ status: 403, code: RET_CODES.forbidden.code, msg: RET_CODES.forbidden.en });
    expect(errorText(forbidden, ru, 'ru')).toBe('У вас нет прав на это действие.');
    expect(errorText(forbidden, cn, 'cn')).toBe('您没有执行此操作的权限。');
    expect(errorText(error({ status: 429, code: RET_CODES.rateLimited.code, msg: '' }), en, 'en')).toBe('Too many requests. Wait a moment and try again.');
  });

  it("keeps the server's own detail of a known code", () => {
    const conflict = error({ status: 409, code: RET_CODES.conflict.code, msg: 'An account with this email exists; sign in instead' });
    expect(errorText(conflict, en, 'en')).toBe('An account with this email exists; sign in instead');
    expect(errorText(conflict, ru, 'ru')).toBe('В текущем состоянии это невозможно. (подробности: An account with this email exists; sign in instead)');
    // The server answers the Russian site in Russian: its detail is shown as it is.
    const russian = error({ status: 409, code: RET_CODES.conflict.code, msg: 'Аккаунт с этим адресом уже есть; войдите в него' });
    expect(errorText(russian, ru, 'ru')).toBe('Аккаунт с этим адресом уже есть; войдите в него');
    expect(errorText(error({ status: 403, code: RET_CODES.forbidden.code, msg: RET_CODES.forbidden.ru }), ru, 'ru')).toBe('У вас нет прав на это действие.');
  });

  it("shows an unknown code's message, and axios's message translated when there is no ret", () => {
    expect(errorText(error({ status: 400, code: 777, msg: 'Strange' }), en, 'en')).toBe('Strange');
    expect(errorText(error({ client: 'Network Error' }), en, 'en')).toBe('The server cannot be reached. Check your connection and try again.');
    expect(errorText(error({ status: 500, client: 'Request failed with status code 500' }), ru, 'ru')).toBe('Сервер ответил ошибкой (HTTP 500).');
  });
});

describe('kinds of refusals', () => {
  it('recognises a refused session by status text or ret.code', () => {
    expect(isSessionInvalid(error({ status: 401, statusText: 'Unauthorized: accessToken invalid' }))).toBe(true);
    expect(isSessionInvalid(error({ status: 401, statusText: 'getTokenInfo return null' }))).toBe(true);
    expect(isSessionInvalid(error({ status: 401, code: RET_CODES.sessionInvalid.code }))).toBe(true); // HTTP/2: no status text
    expect(isSessionInvalid(error({ status: 401, statusText: 'Unauthorized' }))).toBe(false);
    expect(isSessionInvalid(error({ status: 403, code: RET_CODES.sessionInvalid.code }))).toBe(false);
  });

  it('recognises the risk control refusal only as HTTP 400', () => {
    expect(isRiskRefusal(error({ status: 400, code: 205524998 }))).toBe(true);
    expect(isRiskRefusal(error({ status: 200, code: 205524998 }))).toBe(false);
  });
});

describe('refused fields', () => {
  const refused = (fieldErrors: ApiError['fieldErrors']) => {
    const e = error({ status: 400, code: RET_CODES.invalidInput.code, msg: 'Invalid input: listings.0.brief takes at most 80 characters' });
    e.fieldErrors = fieldErrors;
    return e;
  };

  it('are said in the display language with the field as forms label it, never its path', () => {
    const e = refused([{ in: 'body', field: 'listings.0.brief', name: 'brief', rule: 'tooLong', max: 80 }]);
    expect(errorText(e, en, 'en')).toBe('Short description: at most 80 characters.');
    expect(errorText(e, ru, 'ru')).toBe('«Краткое описание»: не длиннее 80 симв.');
    expect(errorText(e, cn, 'cn')).toBe('“一句话简介”最多 80 个字符。');
  });

  it('say control characters, formats and the contract reasons in words', () => {
    expect(errorText(refused([{ in: 'body', field: 'name', name: 'name', rule: 'controlCharacter', character: 'U+0000' }]), ru, 'ru')).toBe(
      'Поле «Название» содержит невидимый управляющий символ (U+0000). Удалите его и повторите попытку.',
    );
    expect(errorText(refused([{ in: 'body', field: 'supportEmail', name: 'supportEmail', rule: 'format', format: 'email' }]), en, 'en')).toBe('Support email is not an email address.');
    expect(errorText(refused([{ in: 'body', field: 'endsAt', name: 'endsAt', rule: 'invalid', reason: 'endAfterStart' }]), ru, 'ru')).toBe('«Время окончания» должно быть позже начала.');
    expect(errorText(refused([{ in: 'body', field: 'x', name: 'unheardOf', rule: 'required' }]), en, 'en')).toBe('A field is required.');
  });

  it('take the form’s own label first', () => {
    expect(fieldErrorText({ in: 'body', field: 'name', name: 'name', rule: 'required' }, en, { name: 'Project name' })).toBe('Project name is required.');
  });

  it('are read from the answer, ignoring malformed entries', () => {
    expect(fieldErrorsOf({ errors: [{ field: 'a', name: 'a', in: 'body', rule: 'required' }, { nope: 1 }, 'x'] })).toHaveLength(1);
    expect(fieldErrorsOf({ ret: {} })).toEqual([]);
  });
});
