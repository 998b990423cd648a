import { EventStreamContentType, fetchEventSource } from '@microsoft/fetch-event-source';
import { buildPath, type Endpoint } from '@wharf/contract';
import { requestClient } from './call';
import { callTarget } from './target';

/** After a dropped stream, the next try waits this long (the server's own `retry:` is the same). */
const RETRY_MS = 2000;

/** A refusal (signed out, no longer allowed): trying again would only be refused again. */
class Refused extends Error {}
/** The server ended the stream (its timeout): open it again at once. */
class Ended extends Error {}

/**
 * Listens to an endpoint's server-sent events with the console's own credentials (the
 * session cookie, the team header), reconnecting whenever the stream ends or drops, until
 * `signal` aborts or the server refuses. Each event reaches `onEvent` by name.
 */
export async function listenEndpoint(endpoint: Endpoint, o: { query?: Record<string, string | number>; signal: AbortSignal; onEvent: (name: string, data: string) => void; onOpen?: () => void }): Promise<void> {
  const client = requestClient();
  const config = await client.loadConfig();
  if (o.signal.aborted) return;
  const { headers, baseURL } = callTarget(endpoint, { config, language: client.env.language(), hash: client.env.location().hash, dev: client.env.dev });
  const query = new URLSearchParams(Object.entries(o.query ?? {}).map(([k, v]) => [k, String(v)])).toString();
  const url = `${baseURL}${buildPath(endpoint, {})}${query ? `?${query}` : ''}`;
  await fetchEventSource(url, {
    headers,
    credentials: 'include',
    signal: o.signal,
    // A thread open in a background tab still hears of replies.
    openWhenHidden: true,
    async onopen(res) {
      if (!res.ok || !res.headers.get('content-type')?.startsWith(EventStreamContentType)) throw new Refused(`stream refused: ${res.status}`);
      o.onOpen?.();
    },
    onmessage: (ev) => o.onEvent(ev.event || 'message', ev.data),
    onclose() {
      throw new Ended();
    },
    onerror(err) {
      if (err instanceof Refused) throw err;
      return err instanceof Ended ? 0 : RETRY_MS;
    },
  }).catch((err: unknown) => {
    if (!(err instanceof Refused)) throw err;
  });
}
