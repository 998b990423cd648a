/** Header names the console and the server agree on (the CSRF one is configuration). */
export const HEADERS = {
  teamId: 'teamId',
  language: 'X-Lang',
  csrfDefault: 'X-CSRF-Token',
} as const;

/** Server messages exist in Chinese and English; the console sends `zh` for cn, else `en`. */
export type MessageLanguage = 'zh' | 'en';
