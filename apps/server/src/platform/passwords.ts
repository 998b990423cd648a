import { hash, verify } from '@node-rs/argon2';

/** argon2id, for every password the server keeps (console accounts, app users); the memory cost is configuration (tests lower it, production keeps OWASP's). */
export class Passwords {
  #dummy: Promise<string> | null = null;

  constructor(private readonly memoryCostKib: number) {}

  hash(password: string): Promise<string> {
    return hash(password, { memoryCost: this.memoryCostKib, timeCost: 2, parallelism: 1 });
  }

  async verify(stored: string, password: string): Promise<boolean> {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  }

  /** Spends the same time as a real check, so a missing account cannot be told by timing. */
  async verifyNobody(password: string): Promise<false> {
    this.#dummy ??= this.hash('not-a-real-password');
    await this.verify(await this.#dummy, password);
    return false;
  }
}
