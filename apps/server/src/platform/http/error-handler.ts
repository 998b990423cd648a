import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RET_CODES, type FieldError, type RetCodeName } from '@wharf/contract';
import { describeFieldErrors, fieldErrorsOf } from './field-errors';
import { AppError, type LocalisedText } from './errors';
import { messageLanguage } from './language';

function send(reply: FastifyReply, req: FastifyRequest, name: RetCodeName, detail?: LocalisedText, errors?: FieldError[]) {
  const entry = RET_CODES[name];
  const lang = messageLanguage(req);
  const msg = detail ? detail[lang] : entry[lang];
  // Clients that read only the status text (the console's 401 rule) find it there too.
  if (name === 'sessionInvalid') reply.raw.statusMessage = 'Unauthorized: accessToken invalid';
  return reply.status(entry.status).send({ ret: { code: entry.code, msg }, ...(errors?.length ? { errors } : {}) });
}

const STATUS_TO_RET: Record<number, RetCodeName> = {
  400: 'invalidInput',
  401: 'sessionInvalid',
  403: 'forbidden',
  404: 'notFound',
  409: 'conflict',
  413: 'tooLarge',
  415: 'unsupportedMedia',
  429: 'rateLimited',
  503: 'unavailable',
};

/** `notFoundPage` answers a browser's page navigation to an unknown address, when it can. */
export function installErrorHandling(app: FastifyInstance, notFoundPage?: (req: FastifyRequest, reply: FastifyReply) => boolean): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      reply.headers(err.headers);
      return send(reply, req, err.retName, err.text ?? undefined, err.fieldErrors);
    }
    if (err.validation) {
      const errors = fieldErrorsOf(err);
      return send(reply, req, 'invalidInput', describeFieldErrors(errors), errors);
    }
    const status = err.statusCode ?? 500;
    if (status === 400 && /JSON/i.test(err.message)) {
      return send(reply, req, 'invalidInput', { zh: '参数不合法：请求体不是合法的 JSON', en: 'Invalid input: the body is not valid JSON', ru: 'Недопустимые параметры: тело запроса — не корректный JSON' });
    }
    const mapped = status >= 400 && status < 500 ? (STATUS_TO_RET[status] ?? 'invalidInput') : null;
    if (mapped) return send(reply, req, mapped);
    // Anything else is our fault: log it with the stack, answer without it.
    req.log.error({ err }, 'unhandled error');
    return send(reply, req, status === 503 ? 'unavailable' : 'internal');
  });

  app.setNotFoundHandler((req, reply) => (notFoundPage?.(req, reply) ? reply : send(reply, req, 'routeNotFound')));
}

/**
 * Errors the router raises before any route runs (an address part longer than the router
 * allows, a malformed address): answered in the same envelope as every other refusal,
 * never echoing the address back.
 */
export function frameworkErrorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
  void send(reply, req, 'invalidInput', tooLong ? { zh: '参数不合法：地址中的参数过长', en: 'Invalid input: a part of the address is too long', ru: 'Недопустимые параметры: часть адреса слишком длинная' } : { zh: '参数不合法：地址格式不正确', en: 'Invalid input: the address is malformed', ru: 'Недопустимые параметры: адрес составлен неверно' });
}
