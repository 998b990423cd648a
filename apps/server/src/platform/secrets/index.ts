import { createHash, hkdfSync, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, ne, type Placeholder, type SQLWrapper } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db, DbOrTx } from '../db/types';
import type { Slots } from '../db/prepared';
import { digest, matches, open, seal, SecretUnreadableError } from './crypto';
import type { Keyring } from './keyring';
import { secrets } from './tables';
import { SecretValue } from './value';

/** A new secret's values in a statement prepared once (`Secrets.creating`). */
export type NewSecretSlot = 'secretId' | 'secretName' | 'secretStored' | 'secretKeyId' | 'secretHint' | 'secretAt';

export { SecretValue } from './value';
export { SecretUnreadableError } from './crypto';
export { loadKeyring, SecretsKeyError, type Keyring } from './keyring';

export type SecretScope = 'team' | 'project' | 'app';
export type SecretKind = 'revealable' | 'verifiable';

export interface SecretOwner {
  scope: SecretScope;
  scopeId: string;
  name: string;
}

/** What may be shown of a secret: never its text. */
export interface SecretFacts extends SecretOwner {
  id: string;
  kind: SecretKind;
  hint: string;
  createdAt: Date;
  rotatedAt: Date | null;
}

const HINT_LENGTH = 4;
const hintOf = (text: string) => (text.length > HINT_LENGTH * 2 ? text.slice(-HINT_LENGTH) : '');
/** 256 random bits, URL-safe: what a generated client secret is. */
export const generateSecret = () => randomBytes(32).toString('base64url');

type Row = typeof secrets.$inferSelect;
const facts = (r: Row): SecretFacts => ({ id: r.id, scope: r.scope as SecretScope, scopeId: r.scopeId, name: r.name, kind: r.kind as SecretKind, hint: r.hint, createdAt: r.createdAt, rotatedAt: r.rotatedAt });

/**
 * The secrets port (docs/kernel/secrets.md). Writes run in the caller's transaction, with
 * the owner's audit event beside them; the text is returned once, when it is made.
 */
export class Secrets {
  /** Derived signing keys by secrets key and purpose: HKDF on every token would be most of its cost. */
  readonly #signingKeys = new Map<string, { keyId: string; bytes: Uint8Array }>();

  constructor(
    private readonly deps: { db: Db; clock: Clock },
    private readonly keyring: Keyring,
  ) {}

  get keySource(): Keyring['source'] {
    return this.keyring.source;
  }

  #store(kind: SecretKind, text: string, id: string): { stored: string; keyId: string } {
    const key = this.keyring.current;
    return { stored: kind === 'revealable' ? seal(key, text, id) : digest(key, text, id), keyId: key.id };
  }

  /**
   * The same as `create`, as an unrun insert for the owner's own statement (a part of its
   * WITH) prepared once: scope and kind are the statement's, the owner and the secret slots
   * that `sealing` fills at each call (its id is known before it runs).
   */
  creating(db: DbOrTx, owner: { scope: SecretScope; kind: SecretKind; scopeId: Placeholder }, slot: Slots<NewSecretSlot>): SQLWrapper {
    return db
      .insert(secrets)
      .values({ id: slot.secretId, scope: owner.scope, scopeId: owner.scopeId, name: slot.secretName, kind: owner.kind, stored: slot.secretStored, keyId: slot.secretKeyId, hint: slot.secretHint, createdAt: slot.secretAt })
      .returning({ id: secrets.id });
  }

  /** A new secret of this kind, generated and sealed: `creating`'s slot values. */
  sealing(kind: SecretKind, name: string): Record<NewSecretSlot, string | Date> {
    const text = generateSecret();
    const id = randomUUID();
    const { stored, keyId } = this.#store(kind, text, id);
    return { secretId: id, secretName: name, secretStored: stored, secretKeyId: keyId, secretHint: hintOf(text), secretAt: this.deps.clock.now() };
  }

  /** Every secret of an owner that is going away, as an unrun delete for the owner's own statement. */
  removingOwnedBy(db: DbOrTx, scope: SecretScope, scopeId: string | Placeholder): SQLWrapper {
    return db.delete(secrets).where(and(eq(secrets.scope, scope), eq(secrets.scopeId, scopeId))).returning({ id: secrets.id });
  }

  /** Keeps a secret; without `value` one is generated. The value is answered here only. */
  async create(tx: DbOrTx, owner: SecretOwner & { kind: SecretKind; value?: string }): Promise<{ secret: SecretFacts; value: SecretValue }> {
    const text = owner.value ?? generateSecret();
    const id = randomUUID();
    const [row] = await tx
      .insert(secrets)
      .values({ id, scope: owner.scope, scopeId: owner.scopeId, name: owner.name, kind: owner.kind, ...this.#store(owner.kind, text, id), hint: hintOf(text), createdAt: this.deps.clock.now() })
      .returning();
    return { secret: facts(row!), value: new SecretValue(text) };
  }

  async describe(db: DbOrTx, id: string): Promise<SecretFacts | null> {
    const [row] = await db.select().from(secrets).where(eq(secrets.id, id)).limit(1);
    return row ? facts(row) : null;
  }

  async find(db: DbOrTx, owner: SecretOwner): Promise<SecretFacts | null> {
    const [row] = await db.select().from(secrets).where(and(eq(secrets.scope, owner.scope), eq(secrets.scopeId, owner.scopeId), eq(secrets.name, owner.name))).limit(1);
    return row ? facts(row) : null;
  }

  /**
   * A value a family keeps sealed in a table of its own (Cloud DB's encrypted fields), bound
   * to `context` (where it belongs): copied elsewhere, it does not open.
   */
  sealValue(text: string, context: string): string {
    return seal(this.keyring.current, text, context);
  }

  /** Opens what `sealValue` sealed for the same context (with any configured key, old ones too). */
  openValue(stored: string, context: string): string {
    return open(this.keyring, stored, context);
  }

  /** The text of a revealable secret, for the server's own use (never for an answer). */
  async reveal(db: DbOrTx, id: string): Promise<SecretValue> {
    const [row] = await db.select().from(secrets).where(eq(secrets.id, id)).limit(1);
    if (!row) throw new SecretUnreadableError('no such secret');
    if (row.kind !== 'revealable') throw new SecretUnreadableError('a verifiable secret is kept as a hash and cannot be revealed');
    return new SecretValue(open(this.keyring, row.stored, row.id));
  }

  /** Whether `candidate` is the secret, compared in constant time. */
  async verify(db: DbOrTx, id: string, candidate: string): Promise<boolean> {
    const [row] = await db.select().from(secrets).where(eq(secrets.id, id)).limit(1);
    if (!row) return false;
    if (row.kind === 'verifiable') return matches(this.keyring, row.stored, candidate, row.id);
    // Compared as digests of equal length, so the time taken says nothing of the text.
    const hash = (text: string) => createHash('sha256').update(text).digest();
    return timingSafeEqual(hash(open(this.keyring, row.stored, row.id)), hash(candidate));
  }

  /**
   * A check of one verifiable secret that a family may keep (in a cache it clears when the
   * secret changes), so comparing a presented value costs no database read: the closure
   * holds the stored hash and never gives it out. Null without such a secret.
   */
  async verifier(db: DbOrTx, id: string): Promise<((candidate: string) => boolean) | null> {
    const [row] = await db.select().from(secrets).where(eq(secrets.id, id)).limit(1);
    if (!row || row.kind !== 'verifiable') return null;
    const { stored } = row;
    return (candidate) => matches(this.keyring, stored, candidate, id);
  }

  /**
   * A key of the server's own for one purpose (e.g. signing its access tokens), derived
   * from a secrets key with HKDF, so it needs no storage and changes with SECRETS_KEY.
   * Without `keyId`, from the current key; with it, from that key (null if no longer
   * configured), so what was signed before a rotation can still be checked while the old
   * key stays in SECRETS_OLD_KEYS.
   */
  signingKey(purpose: string, keyId?: string): { keyId: string; bytes: Uint8Array } | null {
    const key = keyId === undefined ? this.keyring.current : this.keyring.byId.get(keyId);
    if (!key) return null;
    const memo = `${key.id}\0${purpose}`;
    let derived = this.#signingKeys.get(memo);
    if (!derived) {
      derived = { keyId: key.id, bytes: new Uint8Array(hkdfSync('sha256', key.bytes, Buffer.alloc(0), `wharf signing key: ${purpose}`, 32)) };
      this.#signingKeys.set(memo, derived);
    }
    return derived;
  }

  /** A new value for the same secret (generated without `value`), answered once. */
  async rotateValue(tx: DbOrTx, id: string, value?: string): Promise<{ secret: SecretFacts; value: SecretValue } | null> {
    const [current] = await tx.select().from(secrets).where(eq(secrets.id, id)).limit(1).for('update');
    if (!current) return null;
    const text = value ?? generateSecret();
    const [row] = await tx
      .update(secrets)
      .set({ ...this.#store(current.kind as SecretKind, text, id), hint: hintOf(text), rotatedAt: this.deps.clock.now() })
      .where(eq(secrets.id, id))
      .returning();
    return { secret: facts(row!), value: new SecretValue(text) };
  }

  async remove(tx: DbOrTx, id: string): Promise<boolean> {
    return (await tx.delete(secrets).where(eq(secrets.id, id)).returning({ id: secrets.id })).length > 0;
  }

  /** Every secret of an owner that is going away (a project, a team), in its deletion's transaction. */
  async removeOwnedBy(tx: DbOrTx, scope: SecretScope, scopeId: string): Promise<number> {
    return (await tx.delete(secrets).where(and(eq(secrets.scope, scope), eq(secrets.scopeId, scopeId))).returning({ id: secrets.id })).length;
  }

  /**
   * Seals every revealable secret again under the current key (after SECRETS_KEY changed,
   * with the old one in SECRETS_OLD_KEYS). Verifiable ones cannot be re-hashed without their
   * text: they are counted, and their old key must stay until they are rotated or deleted.
   */
  async reencryptAll(): Promise<{ reencrypted: number; verifiableOnOldKeys: number }> {
    const { db } = this.deps;
    const current = this.keyring.current.id;
    let reencrypted = 0;
    const old = await db.select({ id: secrets.id }).from(secrets).where(and(ne(secrets.keyId, current), eq(secrets.kind, 'revealable')));
    for (const { id } of old) {
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(secrets).where(eq(secrets.id, id)).limit(1).for('update');
        if (!row || row.keyId === current) return;
        const text = open(this.keyring, row.stored, row.id);
        await tx.update(secrets).set({ stored: seal(this.keyring.current, text, row.id), keyId: current }).where(eq(secrets.id, id));
        reencrypted += 1;
      });
    }
    const verifiable = await db.select({ id: secrets.id }).from(secrets).where(and(ne(secrets.keyId, current), eq(secrets.kind, 'verifiable')));
    return { reencrypted, verifiableOnOldKeys: verifiable.length };
  }
}
