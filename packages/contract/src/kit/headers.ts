/** Header names the console and the server agree on (the CSRF one is configuration). */
export const HEADERS = {
  teamId: 'teamId',
  language: 'X-Lang',
  csrfDefault: 'X-CSRF-Token',
} as const;

/**
 * What an app client sends (the `app-client` access level): the client ID and API key of
 * its configuration file, and the package name or bundle ID it runs as, which a key
 * restricted to package names requires (a web app's browser sends `Origin` instead).
 */
export const APP_CLIENT_HEADERS = {
  clientId: 'client_id',
  apiKey: 'api_key',
  packageName: 'x-package-name',
} as const;

/**
 * Server messages exist in Chinese, English and Russian. The console sends `zh` for cn, else
 * `en` (the specification's rule) with its site's Accept-Language; an app's SDK may send `ru`.
 */
export type MessageLanguage = 'zh' | 'en' | 'ru';
