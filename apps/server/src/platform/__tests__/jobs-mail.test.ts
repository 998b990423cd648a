import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { mailOutbox } from '../db/tables';
import { Jobs } from '../jobs';
import { Mailer } from '../mail';
import { createTestApp, type TestApp } from '../../harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('background jobs', () => {
  it('runs a sent job on a worker, on this database', async () => {
    const jobs = new Jobs(t.deps.database, t.deps.log, true);
    const done: unknown[] = [];
    let resolve: () => void = () => undefined;
    const worked = new Promise<void>((r) => (resolve = r));
    jobs.work<{ packageId: string }>('test-parse', async (data) => {
      done.push(data);
      resolve();
    });
    await jobs.start();
    const id = await jobs.send('test-parse', { packageId: 'p1' });
    expect(id).toBeTruthy();
    await worked;
    expect(done).toEqual([{ packageId: 'p1' }]);
    await jobs.stop();
  });

  it('wakes its worker for a job sent here instead of leaving it to the next look', async () => {
    // Looking for jobs once an hour: the job runs only if sending it woke the worker.
    const jobs = new Jobs(t.deps.database, t.deps.log, true, 900, 3600);
    let resolve: (data: unknown) => void = () => undefined;
    const worked = new Promise((r) => (resolve = r));
    jobs.work<{ n: number }>('test-woken', async (data) => resolve(data));
    await jobs.start();
    // The worker's first look, made as it starts, has found nothing by now.
    await new Promise((r) => setTimeout(r, 200));
    await jobs.send('test-woken', { n: 1 });
    expect(await worked).toEqual({ n: 1 });
    await jobs.stop();
  });

  it('takes the jobs waiting one after another without sleeping between them', async () => {
    const jobs = new Jobs(t.deps.database, t.deps.log, true, 900, 3600);
    const done: number[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    let resolve: () => void = () => undefined;
    const allDone = new Promise<void>((r) => (resolve = r));
    jobs.work<{ n: number }>('test-drain', async ({ n }) => {
      if (n === 1) await held;
      done.push(n);
      if (done.length === 4) resolve();
    });
    await jobs.start();
    await jobs.send('test-drain', { n: 1 });
    // Three more sent while the first runs: one wake-up for all three, so the rest wait on the drain.
    for (const n of [2, 3, 4]) await jobs.send('test-drain', { n });
    release();
    await allDone;
    expect(done).toEqual([1, 2, 3, 4]);
    await jobs.stop();
  });

  it('keeps a job sent in a transaction only if the transaction commits, and runs it once woken', async () => {
    // Looking for jobs once an hour: the committed job runs only if `wake` wakes the worker.
    const jobs = new Jobs(t.deps.database, t.deps.log, true, 900, 3600);
    const done: number[] = [];
    let resolve: () => void = () => undefined;
    const worked = new Promise<void>((r) => (resolve = r));
    jobs.work<{ n: number }>('test-in-tx', async ({ n }) => {
      done.push(n);
      resolve();
    });
    await jobs.start();
    let rolledBack: string | null = null;
    await expect(
      t.deps.db.transaction(async (tx) => {
        rolledBack = await jobs.sendIn(tx, 'test-in-tx', { n: 1 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(rolledBack).toBeTruthy();
    expect(await jobs.getJob('test-in-tx', rolledBack!)).toBeNull();
    // Sent inside a savepoint of the transaction too, as a due action's handler would.
    const id = await t.deps.db.transaction((tx) => tx.transaction((inner) => jobs.sendIn(inner, 'test-in-tx', { n: 2 }, { startAfter: '2 seconds' })));
    expect((await jobs.getJob('test-in-tx', id!))?.data).toEqual({ n: 2 });
    const now = await t.deps.db.transaction((tx) => jobs.sendIn(tx, 'test-in-tx', { n: 3 }));
    jobs.wake('test-in-tx');
    await worked;
    expect(done).toEqual([3]);
    expect(now).toBeTruthy();
    await jobs.stop();
  });

  it('retries a failing job and records its failure', async () => {
    const jobs = new Jobs(t.deps.database, t.deps.log, true);
    let attempts = 0;
    jobs.work('test-fail', async () => {
      attempts += 1;
      throw new Error('cannot parse');
    });
    await jobs.start();
    const id = await jobs.send('test-fail', {}, { retryLimit: 1, retryDelay: 0, retryBackoff: false });
    let job = await jobs.getJob('test-fail', id!);
    for (let i = 0; i < 60 && job?.state !== 'failed'; i += 1) {
      await new Promise((r) => setTimeout(r, 250));
      job = await jobs.getJob('test-fail', id!);
    }
    expect(job?.state).toBe('failed');
    expect(attempts).toBe(2);
    await jobs.stop();
  });
});

describe('mail outbox', () => {
  it('keeps a message only when its transaction commits', async () => {
    await expect(
      t.deps.db.transaction(async (tx) => {
        await t.deps.mailer.enqueue(tx, { to: 'ghost@example.com', subject: 's', text: 't', kind: 'test' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const rows = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ghost@example.com'));
    expect(rows).toEqual([]);
  });

  it('delivers through SMTP when configured and marks the message sent', async () => {
    const transport = nodemailer.createTransport({ jsonTransport: true });
    const sent: string[] = [];
    const original = transport.sendMail.bind(transport);
    transport.sendMail = (async (m: nodemailer.SendMailOptions) => {
      sent.push(String(m.to));
      return original(m);
    }) as typeof transport.sendMail;
    const mailer = new Mailer({ db: t.deps.db, clock: t.clock, log: t.deps.log, smtpUrl: null, from: 'w@x', transport });
    const id = await mailer.enqueue(t.deps.db, { to: 'dev@example.com', subject: 'Invitation', text: 'Join', kind: 'invitation' });
    expect(await mailer.deliverPending()).toBeGreaterThanOrEqual(1);
    expect(sent).toContain('dev@example.com');
    const [row] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ state: 'sent', attempts: 1 });
  });

  it('logs the message when no SMTP is configured, so its link is not lost', async () => {
    const logged: unknown[] = [];
    const log = { ...t.deps.log, info: (obj: unknown) => logged.push(obj), warn: () => undefined } as unknown as typeof t.deps.log;
    const mailer = new Mailer({ db: t.deps.db, clock: t.clock, log, smtpUrl: null, from: 'w@x' });
    const id = await mailer.enqueue(t.deps.db, { to: 'solo@example.com', subject: 'Reset', text: 'https://x/reset?t=1', kind: 'reset' });
    await mailer.deliverPending();
    const [row] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row?.state).toBe('logged');
    expect(JSON.stringify(logged)).toContain('https://x/reset?t=1');
  });

  it('retries a failed delivery and gives up after five attempts', async () => {
    const transport = nodemailer.createTransport({ jsonTransport: true });
    transport.sendMail = (async () => {
      throw new Error('smtp down');
    }) as typeof transport.sendMail;
    const mailer = new Mailer({ db: t.deps.db, clock: t.clock, log: t.deps.log, smtpUrl: null, from: 'w@x', transport });
    const id = await mailer.enqueue(t.deps.db, { to: 'retry@example.com', subject: 's', text: 't', kind: 'test' });
    for (let i = 0; i < 6; i += 1) await mailer.deliverPending();
    const [row] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ state: 'failed', attempts: 5, lastError: 'smtp down' });
  });
});
