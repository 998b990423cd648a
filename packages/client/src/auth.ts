import { AUTH_CALLS, type AppUser, type SessionAnswer, type StoredSession } from './auth-calls';
import { WHARF_CODES, WharfError } from './errors';
import { ProviderSignIn } from './provider-sign-in';
import type { KeyValueStore } from './storage';
import type { Transport, WharfCall } from './transport';

/** An access token this close to its end is refreshed before it is sent. */
const REFRESH_MARGIN_MS = 60_000;

type Listener = (user: AppUser | null) => void;
type LockManager = { request<T>(name: string, fn: () => Promise<T>): Promise<T> };

/**
 * The app user's session: kept in the store, its access token refreshed before it ends,
 * one refresh at a time (a refresh token is spent by its use, and a spent one presented
 * again ends the session: so two tabs of a browser take turns through the Web Locks API
 * and adopt what the other stored).
 */
export class Auth {
  #session: StoredSession | null = null;
  #listeners = new Set<Listener>();
  #refreshing: Promise<StoredSession> | null = null;
  /** Resolves once the stored session, if any, is read. */
  readonly ready: Promise<void>;
  private readonly providers: ProviderSignIn;

  constructor(
    private readonly transport: Transport,
    private readonly store: KeyValueStore,
    private readonly key: string,
    private readonly now: () => number,
  ) {
    this.providers = new ProviderSignIn(transport, store, `${key}:provider`);
    this.ready = this.#readStored().then((s) => {
      this.#session = s;
    });
  }

  /** The signed-in user, or null. Their state as of the last sign-in, refresh or `reload()`. */
  get currentUser(): AppUser | null {
    return this.#session?.user ?? null;
  }

  /** Called now with the current user and on every change (sign-in, upgrade, sign-out, a session that ended). */
  onAuthStateChanged(listener: Listener): () => void {
    this.#listeners.add(listener);
    void this.ready.then(() => this.#listeners.has(listener) && listener(this.currentUser));
    return () => void this.#listeners.delete(listener);
  }

  signInAnonymously(): Promise<AppUser> {
    return this.#start({ ...AUTH_CALLS.signInAnonymously, body: {} });
  }

  signUpWithEmail(email: string, password: string, displayName?: string): Promise<AppUser> {
    return this.#start({ ...AUTH_CALLS.signUpWithEmail, body: { email, password, ...(displayName ? { displayName } : {}) } });
  }

  signInWithEmail(email: string, password: string): Promise<AppUser> {
    return this.#start({ ...AUTH_CALLS.signInWithEmail, body: { email, password } });
  }

  /** Texts a six-digit code to the number (international, with its `+` and country code); answers how long it is valid, in seconds. */
  async sendPhoneCode(phone: string): Promise<number> {
    const { expiresIn } = await this.transport.request<{ expiresIn: number }>({ ...AUTH_CALLS.sendPhoneCode, body: { phone } });
    return expiresIn;
  }

  /** Signs in with the number and the code texted to it; a number new to the project signs up. */
  signInWithPhone(phone: string, code: string): Promise<AppUser> {
    return this.#start({ ...AUTH_CALLS.signInWithPhone, body: { phone, code } });
  }

  /** Gives the signed-in (for instance anonymous) user the number, with the code texted to it; their user ID stays. */
  async linkPhone(phone: string, code: string): Promise<AppUser> {
    return this.#adopt(await this.request<SessionAnswer>({ ...AUTH_CALLS.linkPhone, body: { phone, code } }));
  }

  /** Takes a way to sign in off the signed-in user (`email`, `phone` or a provider's ID); the server keeps the last. */
  async unlink(provider: string): Promise<AppUser> {
    const { user } = await this.request<{ user: AppUser }>({ ...AUTH_CALLS.unlinkAppUserMethod, body: { provider } });
    return this.#update(user);
  }

  /** Gives the signed-in (for instance anonymous) user an email and password; their user ID stays. */
  async linkEmail(email: string, password: string): Promise<AppUser> {
    const answer = await this.request<SessionAnswer>({ ...AUTH_CALLS.linkEmail, body: { email, password } });
    return this.#adopt(answer);
  }

  async sendEmailVerification(): Promise<void> {
    await this.request({ ...AUTH_CALLS.sendEmailVerification, body: {} });
  }

  async verifyEmail(code: string): Promise<AppUser> {
    const { user } = await this.request<{ user: AppUser }>({ ...AUTH_CALLS.verifyEmail, body: { code } });
    return this.#update(user);
  }

  /**
   * The page of one of the project's identity providers to send the user to; when someone is
   * signed in, the provider is linked to them (an anonymous user keeps their ID). After it,
   * the browser arrives at `redirectUri` (listed in the console): call `finishProviderSignIn`.
   */
  async startProviderSignIn(providerId: string, redirectUri: string): Promise<string> {
    const token = await this.getAccessToken();
    return this.providers.start(providerId, redirectUri, token ? `Bearer ${token}` : undefined);
  }

  /** Signs in with what the provider's redirect brought (`returnedUrl`: the page's URL on arrival). */
  async finishProviderSignIn(returnedUrl: string): Promise<AppUser> {
    await this.ready;
    return this.#adopt(await this.providers.finish(returnedUrl));
  }

  async sendPasswordReset(email: string): Promise<void> {
    await this.transport.request({ ...AUTH_CALLS.sendPasswordReset, body: { email } });
  }

  async resetPassword(email: string, code: string, password: string): Promise<void> {
    await this.transport.request({ ...AUTH_CALLS.resetPassword, body: { email, code, password } });
  }

  /** Reads the user anew from the server (a disabled or deleted user is signed out). */
  async reload(): Promise<AppUser> {
    const { user } = await this.request<{ user: AppUser }>({ ...AUTH_CALLS.currentAppUser, idempotent: true });
    return this.#update(user);
  }

  /** Ends the session on the server (when it can be reached) and on this device in any case. */
  async signOut(): Promise<void> {
    await this.ready;
    const session = this.#session;
    await this.#set(null);
    if (session) await this.transport.request({ ...AUTH_CALLS.signOutAppUser, body: { refreshToken: session.refreshToken } }).catch(() => undefined);
  }

  /**
   * A valid access token for the signed-in user (refreshed first when it is about to end),
   * or null when nobody is signed in. A refresh the server refuses signs the user out and
   * throws its reason (a disabled user, a revoked session).
   */
  async getAccessToken(opts: { forceRefresh?: boolean } = {}): Promise<string | null> {
    await this.ready;
    const session = this.#session;
    if (!session) return null;
    if (!opts.forceRefresh && session.accessExpiresAt - REFRESH_MARGIN_MS > this.now()) return session.accessToken;
    return (await this.#refresh(session)).accessToken;
  }

  /**
   * A call made as the signed-in user (`Authorization: Bearer`). A token the server no
   * longer takes is refreshed once and the call tried again. For the family modules.
   */
  async request<T = Record<string, unknown>>(call: Omit<WharfCall, 'authorization'>): Promise<T> {
    const token = await this.getAccessToken();
    if (!token) throw new WharfError('Nobody is signed in: sign in first.', 'signed-out');
    try {
      return await this.transport.request<T>({ ...call, authorization: `Bearer ${token}` });
    } catch (err) {
      if ((err as WharfError).code !== WHARF_CODES.appUserTokenInvalid) throw err;
      const fresh = await this.getAccessToken({ forceRefresh: true });
      if (!fresh) throw err;
      return this.transport.request<T>({ ...call, authorization: `Bearer ${fresh}` });
    }
  }

  async #start(call: WharfCall): Promise<AppUser> {
    await this.ready;
    return this.#adopt(await this.transport.request<SessionAnswer>(call));
  }

  async #adopt(answer: SessionAnswer): Promise<AppUser> {
    const session = { user: answer.user, accessToken: answer.accessToken, accessExpiresAt: this.now() + answer.expiresIn * 1000, refreshToken: answer.refreshToken };
    await this.#set(session);
    return session.user;
  }

  async #update(user: AppUser): Promise<AppUser> {
    if (this.#session) await this.#set({ ...this.#session, user });
    return user;
  }

  #refresh(from: StoredSession): Promise<StoredSession> {
    this.#refreshing ??= this.#withLock(() => this.#refreshNow(from)).finally(() => {
      this.#refreshing = null;
    });
    return this.#refreshing;
  }

  async #refreshNow(from: StoredSession): Promise<StoredSession> {
    // Another tab may have refreshed while this one waited: its tokens are the live ones.
    const stored = await this.#readStored();
    if (stored && stored.refreshToken !== from.refreshToken && stored.user.appUserId === from.user.appUserId) {
      this.#session = stored;
      if (stored.accessExpiresAt - REFRESH_MARGIN_MS > this.now()) return stored;
      from = stored;
    }
    try {
      const answer = await this.transport.request<SessionAnswer>({ ...AUTH_CALLS.refreshAppUserToken, body: { refreshToken: from.refreshToken } });
      await this.#adopt(answer);
      return this.#session!;
    } catch (err) {
      // Refused (revoked, reused, disabled, deleted): the session is over. A lost answer is not.
      if (!(err as WharfError).transient) await this.#set(null);
      throw err;
    }
  }

  #withLock<T>(fn: () => Promise<T>): Promise<T> {
    const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
    return locks ? locks.request(`${this.key}:refresh`, fn) : fn();
  }

  async #readStored(): Promise<StoredSession | null> {
    const raw = await this.store.get(this.key);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as StoredSession;
    } catch {
      return null;
    }
  }

  async #set(session: StoredSession | null): Promise<void> {
    const changed = session?.user.appUserId !== this.#session?.user.appUserId || JSON.stringify(session?.user) !== JSON.stringify(this.#session?.user);
    this.#session = session;
    if (session) await this.store.set(this.key, JSON.stringify(session));
    else await this.store.remove(this.key);
    if (changed) for (const l of this.#listeners) l(this.currentUser);
  }
}
