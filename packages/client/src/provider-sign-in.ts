import { AUTH_CALLS, type SessionAnswer } from './auth-calls';
import { WharfError } from './errors';
import type { KeyValueStore } from './storage';
import type { Transport } from './transport';

const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** A PKCE pair (RFC 7636, S256) from the platform's Web Crypto (browsers, Node 20+). */
async function pkcePair(): Promise<{ verifier: string; challenge: string }> {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const challenge = base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
  return { verifier, challenge };
}

/**
 * Sign-in with one of the project's OpenID Connect providers. `start` answers the
 * provider's page to open (the app navigates there, or opens it in a system browser) and
 * keeps a PKCE verifier in the store; the provider and Wharf send the browser back to the
 * redirect URI, where `finish` takes the URL it arrived at and answers the session. The
 * verifier binds the two: another app that catches the redirect cannot finish.
 */
export class ProviderSignIn {
  constructor(
    private readonly transport: Transport,
    private readonly store: KeyValueStore,
    private readonly key: string,
  ) {}

  async start(providerId: string, redirectUri: string, authorization?: string): Promise<string> {
    const { verifier, challenge } = await pkcePair();
    const state = base64url(crypto.getRandomValues(new Uint8Array(16)));
    const { authorizationUrl } = await this.transport.request<{ authorizationUrl: string }>({
      ...AUTH_CALLS.startOidcSignIn,
      body: { providerId, redirectUri, codeChallenge: challenge, state },
      ...(authorization ? { authorization } : {}),
    });
    await this.store.set(this.key, JSON.stringify({ state, verifier }));
    return authorizationUrl;
  }

  /** The session for the redirect the browser arrived with; the provider's or Wharf's refusal as a WharfError. */
  async finish(returnedUrl: string): Promise<SessionAnswer> {
    const params = new URL(returnedUrl).searchParams;
    const raw = await this.store.get(this.key);
    await this.store.remove(this.key);
    const kept = raw ? (JSON.parse(raw) as { state: string; verifier: string }) : null;
    if (!kept || params.get('state') !== kept.state) {
      throw new WharfError('This sign-in was not started here, or was already finished: start it again.', 'config');
    }
    const error = params.get('error');
    if (error) throw new WharfError(params.get('error_description') || error, error === 'account_exists' ? 100409 : 100403, 0);
    return this.transport.request<SessionAnswer>({ ...AUTH_CALLS.finishOidcSignIn, body: { code: params.get('code') ?? '', codeVerifier: kept.verifier } });
  }
}
