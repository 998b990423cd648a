/**
 * The JSONP loader of the specification: the URL gets a callback parameter naming a
 * global function and is loaded as a script tag. When the script fails, a cross-origin
 * URL is refused with 'crossDomain error' (nothing else can read it); a same-origin one
 * is fetched again by a plain GET (XMLHttpRequest) and its JSON is the answer.
 */

export interface JsonpOptions {
  /** Name of the query parameter carrying the callback name (default `callback`). */
  callbackParam?: string;
  timeoutMs?: number;
  /** Inserts the script (tests replace the DOM's loading). */
  insertScript?: (src: string, onError: () => void) => () => void;
  /** The plain GET of the fallback. */
  getText?: (url: string) => Promise<string>;
  /** The page's origin (default location.origin). */
  origin?: string;
}

export const JSONP_CROSS_DOMAIN_ERROR = 'crossDomain error';

let counter = 0;

type Callbacks = Record<string, ((data: unknown) => void) | undefined>;

/** The default script insertion: a script tag in <head>, else <body>, else the root. */
export function insertScriptTag(src: string, onError: () => void): () => void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  script.onerror = () => onError();
  const parent = document.head ?? document.body ?? document.documentElement;
  parent.appendChild(script);
  return () => script.remove();
}

/** The default plain GET: XMLHttpRequest, as old gateways expect. */
export function xhrGetText(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('GET', url, true);
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve(xhr.responseText) : reject(new Error(`Request failed with status code ${xhr.status}`)));
    xhr.onerror = () => reject(new Error('Network Error'));
    xhr.send();
  });
}

function withParam(url: string, name: string, value: string): string {
  const hashAt = url.indexOf('#');
  const base = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const hash = hashAt >= 0 ? url.slice(hashAt) : '';
  return `${base}${base.includes('?') ? '&' : '?'}${encodeURIComponent(name)}=${encodeURIComponent(value)}${hash}`;
}

function originOf(url: string, base: string): string | null {
  try {
    return new URL(url, base).origin;
  } catch {
    return null;
  }
}

export function jsonp<T = unknown>(url: string, options: JsonpOptions = {}): Promise<T> {
  const callbackParam = options.callbackParam ?? 'callback';
  const origin = options.origin ?? window.location.origin;
  const insert = options.insertScript ?? insertScriptTag;
  const getText = options.getText ?? xhrGetText;
  const name = `__wharfJsonp${Date.now().toString(36)}${(counter += 1)}`;
  const callbacks = window as unknown as Callbacks;

  return new Promise<T>((resolve, reject) => {
    let remove: () => void = () => undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let settled = false;
    const finish = () => {
      settled = true;
      if (timer) clearTimeout(timer);
      delete callbacks[name];
      remove();
    };
    callbacks[name] = (data: unknown) => {
      if (settled) return;
      finish();
      resolve(data as T);
    };
    const onError = () => {
      if (settled) return;
      finish();
      if (originOf(url, origin) !== origin) {
        reject(new Error(JSONP_CROSS_DOMAIN_ERROR));
        return;
      }
      getText(url).then(
        (text) => {
          try {
            resolve(JSON.parse(text) as T);
          } catch (err) {
            reject(err instanceof Error ? err : new Error(String(err)));
          }
        },
        (err: unknown) => reject(err instanceof Error ? err : new Error(String(err))),
      );
    };
    if (options.timeoutMs) timer = setTimeout(onError, options.timeoutMs);
    remove = insert(withParam(url, callbackParam, name), onError);
  });
}
