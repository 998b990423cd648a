import type { KeyValueStore } from './storage';

const randomId = () => (globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`).replace(/[^A-Za-z0-9_.:-]/g, '');

/**
 * The app instance's own ID, made once per installation and kept: remote configuration's
 * percentiles and analytics' users are the same instance, so experiments can be measured.
 */
export async function instanceIdIn(store: KeyValueStore, appId: string, make: () => string = randomId): Promise<string> {
  const key = `wharf:${appId}:instance`;
  const kept = await store.get(key);
  if (kept) return kept;
  const id = make();
  await store.set(key, id);
  return id;
}
