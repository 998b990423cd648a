import { describe, expect, it } from 'vitest';
import { serverEvents } from '../events';

const streamOf = (...chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(new TextEncoder().encode(c));
      controller.close();
    },
  });

describe('server-sent events', () => {
  it('reads named events split across chunks, skipping comments and retry lines', async () => {
    const seen = [];
    for await (const e of serverEvents(streamOf('retry: 5000\n\n: keep-alive\n\nevent: upd', 'ated\ndata: {"version":2}\n\n', 'data: a\r\ndata: b\r\n\r\n'))) seen.push(e);
    expect(seen).toEqual([
      { event: 'updated', data: '{"version":2}' },
      { event: 'message', data: 'a\nb' },
    ]);
  });
});
