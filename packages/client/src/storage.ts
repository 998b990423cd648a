/**
 * Where the SDK keeps the app user's session and the offline queue between runs. Async, so
 * React Native's AsyncStorage or an encrypted store fits as it is.
 */
export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  remove(key: string): Promise<void>;
}

/** Kept in memory only: a Node process or a test, or a browser in private mode. */
export function memoryStore(): KeyValueStore {
  const map = new Map<string, string>();
  return {
    get: async (key) => map.get(key) ?? null,
    set: async (key, value) => void map.set(key, value),
    remove: async (key) => void map.delete(key),
  };
}

/** What the SDK uses of the Web Storage API (typed here: Node's types have no DOM). */
interface WebStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The browser's `localStorage` when there is one (and it works: Safari's private mode throws), else memory. */
export function defaultStore(): KeyValueStore {
  const local = (globalThis as { localStorage?: WebStorage }).localStorage;
  try {
    if (!local) return memoryStore();
    local.setItem('wharf:probe', '1');
    local.removeItem('wharf:probe');
  } catch {
    return memoryStore();
  }
  return {
    get: async (key) => local.getItem(key),
    set: async (key, value) => local.setItem(key, value),
    remove: async (key) => local.removeItem(key),
  };
}
