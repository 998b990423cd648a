import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Deps } from '../../platform/deps';
import { settings } from '../../platform/settings';

const SECRET_KEY = 'files.urlSecret';

/**
 * Download URLs carry their expiry and an HMAC of (object, expiry): anyone holding the
 * URL may download until then, nobody can forge or extend one. The secret is shared by
 * every instance through the database unless configured.
 */
export class UrlSigner {
  #secret: Promise<string> | null = null;

  constructor(private readonly deps: Deps) {}

  private secret(): Promise<string> {
    this.#secret ??= (async () => {
      if (this.deps.config.fileUrlSecret) return this.deps.config.fileUrlSecret;
      const stored = await settings.get<string>(this.deps.db, SECRET_KEY);
      if (stored) return stored;
      await settings.set(this.deps.db, SECRET_KEY, randomBytes(32).toString('base64url'), this.deps.clock.now()).catch(() => undefined);
      // Re-read: when two instances race, both use whichever value landed.
      return (await settings.get<string>(this.deps.db, SECRET_KEY))!;
    })();
    return this.#secret;
  }

  async sign(objectId: string, expires: number): Promise<string> {
    return createHmac('sha256', await this.secret()).update(`${objectId}.${expires}`).digest('base64url');
  }

  async verify(objectId: string, expires: number, sig: string): Promise<boolean> {
    if (expires <= this.deps.clock.now().getTime()) return false;
    const expected = Buffer.from(await this.sign(objectId, expires));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
