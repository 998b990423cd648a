import { serverEvents, WharfError, type WharfClient } from '@wharf/client';
import type { QuerySpec } from './query';
import type { CloudDocument } from './types';

/** Statuses after which listening again would be refused again: the listener hears why, once. */
const FINAL = new Set([400, 401, 403, 404]);

/**
 * Keeps a live query open: each `snapshot` event's documents go to the listener, the stream
 * is opened again when it ends (with the last etag, so an unchanged result is not sent
 * twice) and after failures with backoff; a refusal (no right, no such type) stops it.
 */
export function listenTo(
  wharf: WharfClient,
  path: string,
  spec: QuerySpec,
  onSnapshot: (objects: CloudDocument[]) => void,
  onError?: (error: WharfError) => void,
): () => void {
  const stop = new AbortController();
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      stop.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });
  void (async () => {
    let etag: string | undefined;
    let delay = 1000;
    while (!stop.signal.aborted) {
      try {
        const token = wharf.auth.currentUser ? await wharf.auth.getAccessToken() : null;
        const { cursor: _c, offset: _o, ...query } = spec;
        const res = await wharf.openStream(
          { method: 'POST', path, body: { ...query, ...(etag ? { since: etag } : {}) }, ...(token ? { authorization: `Bearer ${token}` } : {}) },
          stop.signal,
        );
        if (!res.ok) {
          const body = (await res.json().catch(() => ({}))) as { ret?: { code?: number; msg?: string } };
          const error = new WharfError(body.ret?.msg ?? `HTTP ${res.status}`, body.ret?.code ?? res.status, res.status);
          if (FINAL.has(res.status)) {
            onError?.(error);
            return;
          }
        } else if (res.body) {
          delay = 1000;
          for await (const e of serverEvents(res.body)) {
            if (e.event !== 'snapshot') continue;
            const snapshot = JSON.parse(e.data) as { etag: string; objects: CloudDocument[] };
            etag = snapshot.etag;
            onSnapshot(snapshot.objects);
          }
          // An ended stream (its timeout) is opened again at once.
          continue;
        }
      } catch {
        // A dropped stream is opened again below.
      }
      if (!stop.signal.aborted) await wait(delay);
      delay = Math.min(delay * 2, 30_000);
    }
  })();
  return () => stop.abort();
}
