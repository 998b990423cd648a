import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { smsOutbox } from '../db/tables';
import { SmsOutbox, webhookSender } from '../sms';
import { createTestApp, type TestApp } from '../../harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An SMS gateway relay on a free port: what it was sent, and what it answers. */
async function gateway(status: () => number) {
  const received: { auth: string | undefined; body: unknown }[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d));
    req.on('end', () => {
      received.push({ auth: req.headers.authorization, body: JSON.parse(body) });
      res.writeHead(status()).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const stateOf = async (id: string) => (await t.deps.db.select().from(smsOutbox).where(eq(smsOutbox.id, id)))[0]!;
const message = (to: string, scopeId: string | null = null) => ({ to, country: 'DE', text: `Your code is 123456 (${to})`, kind: 'test-code', scopeId });

describe('the SMS outbox', () => {
  it('delivers through the webhook with its token, and marks each message sent', async () => {
    const gw = await gateway(() => 200);
    try {
      const outbox = new SmsOutbox({ db: t.deps.db, clock: t.clock, log: t.deps.log, sender: webhookSender(gw.url, 'relay token') });
      const id = await outbox.enqueue(t.deps.db, message('+4915100000001'));
      expect(await outbox.deliverPending()).toBeGreaterThanOrEqual(1);
      expect(gw.received).toContainEqual({ auth: 'Bearer relay token', body: { to: '+4915100000001', text: 'Your code is 123456 (+4915100000001)', kind: 'test-code' } });
      expect(await stateOf(id)).toMatchObject({ state: 'sent', attempts: 1 });
    } finally {
      await gw.close();
    }
  });

  it('tries a refused message again, and gives up after five tries', async () => {
    const gw = await gateway(() => 503);
    try {
      const outbox = new SmsOutbox({ db: t.deps.db, clock: t.clock, log: t.deps.log, sender: webhookSender(gw.url, null) });
      const id = await outbox.enqueue(t.deps.db, message('+4915100000002'));
      await outbox.deliverPending();
      expect(await stateOf(id)).toMatchObject({ state: 'pending', attempts: 1, lastError: 'the SMS webhook answered 503' });
      for (let i = 0; i < 4; i += 1) await outbox.deliverPending();
      expect(await stateOf(id)).toMatchObject({ state: 'failed', attempts: 5 });
      expect(gw.received.filter((r) => (r.body as { to: string }).to === '+4915100000002')).toHaveLength(5);
    } finally {
      await gw.close();
    }
  });

  it('writes a message to the log when no sender is configured, and counts usage per day and country', async () => {
    const outbox = new SmsOutbox({ db: t.deps.db, clock: t.clock, log: t.deps.log, sender: null });
    const scope = '00000000-0000-4000-8000-0000000005a5';
    const id = await outbox.enqueue(t.deps.db, message('+4915100000003', scope));
    await outbox.enqueue(t.deps.db, { ...message('+79160000000', scope), country: 'RU' });
    t.clock.advance(86_400_000);
    await outbox.enqueue(t.deps.db, message('+4915100000004', scope));
    await outbox.deliverPending();
    expect(await stateOf(id)).toMatchObject({ state: 'logged' });
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const today = day(t.clock.now());
    const yesterday = day(new Date(t.clock.now().getTime() - 86_400_000));
    expect(await outbox.usage(t.deps.db, scope, new Date(t.clock.now().getTime() - 7 * 86_400_000))).toEqual([
      { day: yesterday, country: 'DE', count: 1 },
      { day: yesterday, country: 'RU', count: 1 },
      { day: today, country: 'DE', count: 1 },
    ]);
  });
});
