import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { inspect } from 'node:util';
import { inject } from 'vitest';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_REDACT } from '../../../app';
import { openTestDatabase, type TestDatabase } from '../../../harness';
import { withDatabase, type TemplateInfo } from '../../../harness/template';
import { ManualClock } from '../../clock';
import { loadKeyring, Secrets, SecretsKeyError, SecretUnreadableError, type Keyring } from '..';

const key = () => randomBytes(32).toString('base64');
const keyring = (current: string, old: string[] = []): Keyring => loadKeyring({ secrets: { key: current, oldKeys: old, keyFile: '/nonexistent' } });
const OWNER = { scope: 'project' as const, scopeId: 'p-1', name: 'provider:github' };
const TEXT = 'gh-client-secret-4f1d2c9e8b7a6f5e';

let tdb: TestDatabase;
const clock = new ManualClock(new Date('2026-03-09T12:00:00Z'));
beforeAll(async () => {
  tdb = await openTestDatabase();
});
afterAll(() => tdb.destroy());
const rows = async () => (await tdb.database.executeSql('select s.*::text as line from secrets s')).rows as Array<{ line: string }>;

describe('the secrets port', () => {
  const k1 = key();
  const port = () => new Secrets({ db: tdb.database.db, clock }, keyring(k1));

  it('seals a value, gives it back to the server, and shows only facts and a hint', async () => {
    const secrets = port();
    const { secret, value } = await secrets.create(tdb.database.db, { ...OWNER, kind: 'revealable', value: TEXT });
    expect(value.reveal()).toBe(TEXT);
    expect(secret).toMatchObject({ ...OWNER, kind: 'revealable', hint: '6f5e', rotatedAt: null });
    expect((await secrets.reveal(tdb.database.db, secret.id)).reveal()).toBe(TEXT);
    expect(await secrets.verify(tdb.database.db, secret.id, TEXT)).toBe(true);
    expect(await secrets.verify(tdb.database.db, secret.id, `${TEXT}x`)).toBe(false);
    expect(await secrets.find(tdb.database.db, OWNER)).toEqual(secret);
    // A value that slips into a string, an answer or a log line shows nothing.
    expect([String(value), JSON.stringify({ value }), inspect({ value })].join(' ')).not.toContain(TEXT);
  });

  it('keeps no readable trace in the table, nor in a dump of the database', async () => {
    const lines = (await rows()).map((r) => r.line).join('\n');
    expect(lines).toContain('provider:github');
    expect(lines).not.toContain(TEXT);
    expect(lines).not.toContain(Buffer.from(TEXT).toString('base64'));
    const info = JSON.parse(inject('dbTemplate')) as TemplateInfo;
    if (info.kind !== 'postgres') return;
    const name = ((await tdb.database.executeSql('select current_database() as db')).rows[0] as { db: string }).db;
    const dump = execFileSync('pg_dump', ['--data-only', '--table=secrets', withDatabase(info.url!, name)], { encoding: 'utf8' });
    expect(dump).toContain('provider:github');
    expect(dump).not.toContain(TEXT);
  });

  it('never reaches the log, whether the value object or its text under a secret-like name is logged', async () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const log = pino({ redact: LOG_REDACT }, sink);
    const { value } = await port().create(tdb.database.db, { ...OWNER, name: 'log-test', kind: 'revealable' });
    log.info({ value }, 'made');
    log.info({ body: { clientSecret: value.reveal(), secret: value.reveal(), apiKey: value.reveal() } }, 'request');
    log.info(`as text: ${value}`);
    expect(lines.join('')).not.toContain(value.reveal());
    expect(lines.join('')).toContain('[secret]');
  });

  it('refuses a changed ciphertext, one moved to another row, and an unknown key, with a clear error', async () => {
    const secrets = port();
    const a = (await secrets.create(tdb.database.db, { ...OWNER, name: 'tamper-a', kind: 'revealable', value: 'alpha value 1234' })).secret;
    const b = (await secrets.create(tdb.database.db, { ...OWNER, name: 'tamper-b', kind: 'revealable', value: 'bravo value 5678' })).secret;
    await tdb.database.executeSql(`update secrets set stored = (select stored from secrets where id = $1) where id = $2`, [a.id, b.id]);
    await expect(secrets.reveal(tdb.database.db, b.id)).rejects.toThrow(/does not match its key/);
    await tdb.database.executeSql(`update secrets set stored = overlay(stored placing 'AAAA' from length(stored) - 3) where id = $1`, [a.id]);
    await expect(secrets.reveal(tdb.database.db, a.id)).rejects.toBeInstanceOf(SecretUnreadableError);
    const other = new Secrets({ db: tdb.database.db, clock }, keyring(key()));
    const c = (await secrets.create(tdb.database.db, { ...OWNER, name: 'tamper-c', kind: 'revealable', value: 'charlie 9012' })).secret;
    await expect(other.reveal(tdb.database.db, c.id)).rejects.toThrow(/not configured \(SECRETS_KEY or SECRETS_OLD_KEYS\)/);
  });

  it('keeps a verifiable secret as a keyed hash: it verifies, it cannot be revealed', async () => {
    const secrets = port();
    const { secret, value } = await secrets.create(tdb.database.db, { ...OWNER, name: 'client', kind: 'verifiable' });
    expect(value.reveal()).toMatch(/^[\w-]{43}$/);
    expect(await secrets.verify(tdb.database.db, secret.id, value.reveal())).toBe(true);
    expect(await secrets.verify(tdb.database.db, secret.id, value.reveal().slice(1))).toBe(false);
    await expect(secrets.reveal(tdb.database.db, secret.id)).rejects.toThrow(/cannot be revealed/);
    const rotated = (await secrets.rotateValue(tdb.database.db, secret.id))!;
    expect(rotated.secret.rotatedAt).toEqual(clock.now());
    expect(await secrets.verify(tdb.database.db, secret.id, value.reveal())).toBe(false);
    expect(await secrets.verify(tdb.database.db, secret.id, rotated.value.reveal())).toBe(true);
    expect(await secrets.remove(tdb.database.db, secret.id)).toBe(true);
    expect(await secrets.describe(tdb.database.db, secret.id)).toBeNull();
    expect(await secrets.verify(tdb.database.db, secret.id, rotated.value.reveal())).toBe(false);
  });

  it('gives a verifier to keep: it checks like verify without reading again, and only for verifiable secrets', async () => {
    const secrets = port();
    const { secret, value } = await secrets.create(tdb.database.db, { ...OWNER, name: 'kept-check', kind: 'verifiable' });
    const check = (await secrets.verifier(tdb.database.db, secret.id))!;
    expect(check(value.reveal())).toBe(true);
    expect(check(`${value.reveal()}x`)).toBe(false);
    expect(inspect(check)).not.toContain('h1.');
    const sealed = await secrets.create(tdb.database.db, { ...OWNER, name: 'kept-sealed', kind: 'revealable', value: TEXT });
    expect(await secrets.verifier(tdb.database.db, sealed.secret.id)).toBeNull();
    expect(await secrets.verifier(tdb.database.db, '00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('derives a signing key per purpose from the secrets key, the same on every instance, and from an old key while it is configured', () => {
    const k2 = key();
    const a = port().signingKey('tokens')!;
    expect(a.bytes).toHaveLength(32);
    expect(port().signingKey('tokens')).toEqual(a);
    expect(Buffer.from(port().signingKey('other')!.bytes).equals(Buffer.from(a.bytes))).toBe(false);
    const rotated = new Secrets({ db: tdb.database.db, clock }, keyring(k2, [k1]));
    expect(rotated.signingKey('tokens')!.keyId).not.toBe(a.keyId);
    expect(rotated.signingKey('tokens', a.keyId)).toEqual(a);
    expect(new Secrets({ db: tdb.database.db, clock }, keyring(k2)).signingKey('tokens', a.keyId)).toBeNull();
  });

  it('rotates the key: the old one still opens, re-encryption moves everything over, then the old key can go', async () => {
    await tdb.database.executeSql('delete from secrets');
    const k2 = key();
    const before = port();
    const sealed = (await before.create(tdb.database.db, { ...OWNER, name: 'rotate-me', kind: 'revealable', value: TEXT })).secret;
    const hashed = await before.create(tdb.database.db, { ...OWNER, name: 'rotate-hash', kind: 'verifiable' });
    const during = new Secrets({ db: tdb.database.db, clock }, keyring(k2, [k1]));
    expect((await during.reveal(tdb.database.db, sealed.id)).reveal()).toBe(TEXT);
    expect(await during.reencryptAll()).toEqual({ reencrypted: 1, verifiableOnOldKeys: 1 });
    expect(await during.reencryptAll()).toEqual({ reencrypted: 0, verifiableOnOldKeys: 1 });
    expect(await during.verify(tdb.database.db, hashed.secret.id, hashed.value.reveal())).toBe(true);
    const after = new Secrets({ db: tdb.database.db, clock }, keyring(k2));
    expect((await after.reveal(tdb.database.db, sealed.id)).reveal()).toBe(TEXT);
  });
});

describe('the key from configuration', () => {
  it('is made once into a 0600 file under DATA_DIR when none is configured, and refused when malformed', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wharf-keys-'));
    const keyFile = path.join(dir, 'secrets.key');
    const first = loadKeyring({ secrets: { key: null, oldKeys: [], keyFile } });
    expect(first.source).toBe('new file');
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    const again = loadKeyring({ secrets: { key: null, oldKeys: [], keyFile } });
    expect(again).toMatchObject({ source: 'file', current: { id: first.current.id } });
    expect(() => loadKeyring({ secrets: { key: 'c2hvcnQ=', oldKeys: [], keyFile } })).toThrow(SecretsKeyError);
    expect(() => loadKeyring({ secrets: { key: key(), oldKeys: ['nope'], keyFile } })).toThrow(/SECRETS_OLD_KEYS\[0\] must be 32 bytes/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
