import type { Deps, Family } from '../deps';
import { refuseCredentials, type CredentialResolver } from './access';

type CredentialKind = 'app-client' | 'api-client';

/** One resolver per credential level, from the one family that issues each. */
export function credentialResolvers(families: readonly Family[], deps: Deps): Record<CredentialKind, CredentialResolver> {
  const pick = (kind: CredentialKind): CredentialResolver => {
    const givers = families.filter((f) => f.credentials?.[kind]);
    if (givers.length > 1) throw new Error(`${givers.map((f) => f.name).join(' and ')} both check ${kind} credentials`);
    return givers[0]?.credentials?.[kind]?.(deps) ?? refuseCredentials(kind);
  };
  return { 'app-client': pick('app-client'), 'api-client': pick('api-client') };
}
