import { RET_CODES, type FieldError, type RetCodeName } from '@wharf/contract';

/** A message in each language of the sites (the language header picks one). */
export interface LocalisedText {
  zh: string;
  en: string;
  ru: string;
}

/**
 * A refusal the caller can act on. Services throw these; one handler turns them into the
 * HTTP status and `ret` of the contract's table.
 */
export class AppError extends Error {
  readonly retName: RetCodeName;
  readonly text: LocalisedText | null;
  readonly headers: Record<string, string>;
  /** What a refusal says of each field, beside `ret` (see field-errors.ts). */
  fieldErrors: FieldError[] = [];

  constructor(retName: RetCodeName, text?: LocalisedText | string, headers: Record<string, string> = {}) {
    super(typeof text === 'string' ? text : (text?.en ?? RET_CODES[retName].en));
    this.name = 'AppError';
    this.retName = retName;
    this.text = typeof text === 'string' ? { zh: text, en: text, ru: text } : (text ?? null);
    this.headers = headers;
  }

  get status(): number {
    return RET_CODES[this.retName].status;
  }

  get code(): number {
    return RET_CODES[this.retName].code;
  }
}

export const notFound = (what?: LocalisedText) => new AppError('notFound', what);
export const conflict = (why: LocalisedText) => new AppError('conflict', why);
export const forbidden = (why?: LocalisedText) => new AppError('forbidden', why);
export const invalidInput = (why: LocalisedText) => new AppError('invalidInput', why);
