import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** The people of the test provider, by login: what its ID tokens and UserInfo say of them. */
export const PEOPLE: Record<string, { email?: string; email_verified?: boolean; name?: string }> = {
  ann: { email: 'ann@example.com', email_verified: true, name: 'Ann Provider' },
  bob: { email: 'bob@example.com', email_verified: false, name: 'Bob Unchecked' },
  cat: { email: 'cat@example.com', email_verified: true, name: 'Cat Verified' },
};

/**
 * A real OpenID Connect provider (oidc-provider, the certified implementation) on a free
 * port, with one confidential client for Wharf. Its sign-in pages are its development
 * ones: any login, any password; `signInThrough` fills them as a person would.
 */
export async function startProvider(callbackUrl: string): Promise<{ issuer: string; clientId: string; clientSecret: string; close(): Promise<void> }> {
  // The issuer names its port, so the port is found first.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [{ client_id: 'wharf-test', client_secret: 'wharf test secret', redirect_uris: [callbackUrl], grant_types: ['authorization_code'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_post' }],
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub, ...PEOPLE[sub] }) }),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['oidc test cookie key'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
  });
  const listening = createHttpServer(provider.callback());
  await new Promise<void>((resolve) => listening.listen(port, '127.0.0.1', resolve));
  // A test that started it lazily (the authorisation matrix) need not keep the process up.
  listening.unref();
  return { issuer, clientId: 'wharf-test', clientSecret: 'wharf test secret', close: () => new Promise((resolve) => listening.close(() => resolve())) };
}

/**
 * A browser's walk through the provider: from the authorization URL, its login and consent
 * forms, to the redirect to `until` (Wharf's callback), whose URL it answers.
 */
export async function signInThrough(authorizationUrl: string, login: string, until: string): Promise<string> {
  const cookies = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return res;
  };
  let url = authorizationUrl;
  const end = new URL(until).href; // normalised: a default port is left out, as in the provider's redirects
  for (let step = 0; step < 12; step++) {
    if (new URL(url).href.startsWith(end)) return url;
    const res = await send(url);
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url).href;
      continue;
    }
    const html = await res.text();
    const action = /action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`the provider showed no form at ${url}: ${html.slice(0, 300)}`);
    const form = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any password' } : { prompt });
    const posted = await send(new URL(action, url).href, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    url = new URL(posted.headers.get('location')!, url).href;
  }
  throw new Error('the provider did not send the browser back');
}
