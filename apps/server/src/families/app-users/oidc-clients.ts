import * as oidc from 'openid-client';
import { isSecureOrLoopback } from '@wharf/contract';
import type { Deps } from '../../platform/deps';
import { invalidInput } from '../../platform/http/errors';
import type { IdentityProviderRow } from './oidc-repo';

/** A provider's discovery document is read again after this long (keys and endpoints rotate). */
const KEEP_MS = 10 * 60_000;
const TIMEOUT_S = 10;

/**
 * The relying-party side of each provider (openid-client): its discovery document read
 * once and kept per instance, keyed by the provider's last change.
 */
export class OidcClients {
  readonly #known = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

  constructor(private readonly deps: Pick<Deps, 'db' | 'secrets' | 'clock'>) {}

  /** Reads the issuer's discovery document with these client credentials; a readable 400 when it cannot. */
  static async discover(issuer: string, clientId: string, clientSecret: string): Promise<oidc.Configuration> {
    const url = new URL(issuer);
    try {
      return await oidc.discovery(url, clientId, undefined, oidc.ClientSecretPost(clientSecret), {
        timeout: TIMEOUT_S,
        // http only for a provider on this machine (the issuer schema refuses it elsewhere).
        ...(url.protocol === 'http:' && isSecureOrLoopback(url) ? { execute: [oidc.allowInsecureRequests] } : {}),
      });
    } catch (err) {
      const why = (err as Error).message;
      throw invalidInput({
        zh: `无法读取身份提供方的 OpenID 配置（${issuer}/.well-known/openid-configuration）：${why}`,
        en: `Could not read the provider's OpenID configuration at ${issuer}/.well-known/openid-configuration: ${why}`, ru: `Не удалось прочитать конфигурацию OpenID поставщика по адресу ${issuer}/.well-known/openid-configuration: ${why}`,
      });
    }
  }

  config(row: IdentityProviderRow): Promise<oidc.Configuration> {
    const key = `${row.projectId}/${row.providerId}/${row.updatedAt.getTime()}`;
    const now = this.deps.clock.now().getTime();
    const known = this.#known.get(key);
    if (known && now - known.at < KEEP_MS) return known.config;
    const config = this.deps.secrets.reveal(this.deps.db, row.secretId).then((secret) => OidcClients.discover(row.issuer, row.clientId, secret.reveal()));
    config.catch(() => this.#known.delete(key));
    this.#known.set(key, { at: now, config });
    return config;
  }
}
