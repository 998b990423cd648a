import { inspect } from 'node:util';

const HIDDEN = '[secret]';

/**
 * A secret in memory. Printing, logging or serialising it shows `[secret]`; only
 * `reveal()` gives the text, so a value that slips into a log line or an answer is safe.
 */
export class SecretValue {
  readonly #text: string;

  constructor(text: string) {
    this.#text = text;
  }

  reveal(): string {
    return this.#text;
  }

  toString(): string {
    return HIDDEN;
  }

  toJSON(): string {
    return HIDDEN;
  }

  [inspect.custom](): string {
    return HIDDEN;
  }
}
