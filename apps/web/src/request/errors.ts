import { RET_CODES, retCodeByNumber } from '@wharf/contract';
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

/**
 * What the error box says. A known ret.code is said in the display language from the
 * locale files. When the server added its own detail (a field name, the current state),
 * cn and en users read the server's message (it is in their language); ru users read the
 * translated text followed by the server's detail. Unknown codes show the server's
 * message; failures without a ret show axios's message, translated.
 */
export function errorText(error: ApiError, t: Translate, language: Language): string {
  if (error.code !== null && error.code !== 0) {
    const name = retCodeByNumber(error.code);
    if (name && name !== 'success') {
      const known = t(`errors.code.${name}`);
      const msg = error.msg?.trim() ?? '';
      const standard = msg === '' || msg === RET_CODES[name].zh || msg === RET_CODES[name].en;
      if (standard) return known;
      return language === 'ru' ? t('errors.withDetail', { text: known, detail: msg }) : msg;
    }
    if (error.msg) return error.msg;
  }
  return clientErrorText(error.clientMessage || error.message, t) ?? (error.msg || error.message || t('errors.unknown'));
}
