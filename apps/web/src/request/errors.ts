import { RET_CODES, retCodeByNumber, type FieldError } from '@wharf/contract';
import { isRiskControlRefusal, type Language } from '@wharf/rules';

/**
 * A failed call: `status` is the HTTP status (null when no answer came), `code` and
 * `msg` are the answer's `ret` when it had one. The message is the server's `ret.msg`,
 * else axios's own text ("Request failed with status code 500", "Network Error").
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly endpointId: string,
    readonly status: number | null,
    readonly code: number | null,
    readonly msg: string | null,
    /** The HTTP status text (empty over HTTP/2, where browsers have none). */
    readonly statusText: string = '',
    /** axios's own message for the failure ('Network Error', 'timeout of 1000ms exceeded'). */
    readonly clientMessage: string = '',
    /** The caller cancelled the call (an AbortSignal); nothing to show. */
    readonly canceled: boolean = false,
  ) {
    super(message);
  }

  /** What a 400 answer said about each refused field (`errors` beside `ret`). */
  fieldErrors: readonly FieldError[] = [];
}

/** The `errors` of an answer, keeping only well-formed entries. */
export function fieldErrorsOf(data: unknown): FieldError[] {
  const errors = (data as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter((e): e is FieldError => typeof e === 'object' && e !== null && typeof (e as FieldError).rule === 'string' && typeof (e as FieldError).name === 'string');
}

/** A field's label as forms show it (`fields.<name>` in the locale files). */
export function fieldLabel(name: string, t: Translate): string {
  const key = `fields.${name}`;
  const label = name ? t(key, { defaultValue: '' }) : '';
  return label && label !== key ? label : t('fields._');
}

/**
 * One refused field as a sentence in the display language, naming the field as the form
 * labels it (`labels` first, e.g. a form's own label for the field, then `fields.<name>`).
 */
export function fieldErrorText(error: FieldError, t: Translate, labels: Readonly<Record<string, string>> = {}): string {
  const vars = { field: labels[error.name] ?? fieldLabel(error.name, t), min: error.min, max: error.max, character: error.character };
  if (error.rule === 'format' && error.format) {
    const key = `errors.format.${error.format}`;
    const text = t(key, { ...vars, defaultValue: '' });
    if (text && text !== key) return text;
  }
  if (error.rule === 'invalid' && error.reason) {
    const key = `errors.reason.${error.reason}`;
    const text = t(key, { ...vars, defaultValue: '' });
    if (text && text !== key) return text;
  }
  return t(`errors.rule.${error.rule}`, vars);
}

const SESSION_INVALID_TEXTS = ['getTokenInfo return null', 'accessToken invalid'];

/**
 * A refused session (section 8): HTTP 401 whose status text says so. Browsers talking
 * HTTP/2 see no status text, so the ret.code of an invalid session counts too.
 */
export function isSessionInvalid(error: ApiError): boolean {
  if (error.status !== 401) return false;
  if (SESSION_INVALID_TEXTS.some((text) => error.statusText.includes(text))) return true;
  return error.code === RET_CODES.sessionInvalid.code;
}

export function isRiskRefusal(error: ApiError): boolean {
  return isRiskControlRefusal(error.status, error.code);
}

export type Translate = (key: string, vars?: Record<string, unknown>) => string;

/** axios's own failure texts, translated (the specification's client errors). */
export function clientErrorText(message: string, t: Translate): string | null {
  if (message === 'Network Error') return t('errors.network');
  const timeout = /^timeout of (\d+)\s*ms exceeded$/.exec(message);
  if (timeout) return t('errors.timeout', { ms: Number(timeout[1]) });
  if (message === 'Request aborted') return t('errors.aborted');
  const status = /^Request failed with status code (\d+)$/.exec(message);
  if (status) return t('errors.status', { status: Number(status[1]) });
  return null;
}

const CYRILLIC = /[\u0400-\u04FF]/;

/**
 * What the error box says. A known ret.code is said in the display language from the
 * locale files. When the server added its own detail (a field name, the current state),
 * users read the server's message: it answers in their language (the Russian site's by its
 * Accept-Language); a detail that is not Russian after all (a text stored before the server
 * spoke Russian) follows the translated text on the Russian site. Unknown codes show the
 * server's message; failures without a ret show axios's message, translated.
 */
export function errorText(error: ApiError, t: Translate, language: Language): string {
  if (error.code !== null && error.code !== 0) {
    const name = retCodeByNumber(error.code);
    if (name === 'invalidInput' && error.fieldErrors.length) return error.fieldErrors.map((e) => fieldErrorText(e, t)).join(' ');
    if (name && name !== 'success') {
      const known = t(`errors.code.${name}`);
      const msg = error.msg?.trim() ?? '';
      const standard = msg === '' || msg === RET_CODES[name].zh || msg === RET_CODES[name].en || msg === RET_CODES[name].ru;
      if (standard) return known;
      return language === 'ru' && !CYRILLIC.test(msg) ? t('errors.withDetail', { text: known, detail: msg }) : msg;
    }
    if (error.msg) return error.msg;
  }
  return clientErrorText(error.clientMessage || error.message, t) ?? (error.msg || error.message || t('errors.unknown'));
}
