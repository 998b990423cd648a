import { apiClientsApi } from '@wharf/contract';
import type { TestApp, TestUser } from '../../../../harness';
import type { Seed } from '../seed';
import type { Builders } from '../types';

const TOKENS = new WeakMap<TestUser, Promise<Record<string, string>>>();

/**
 * The Connect API's headers for a publishing API client of the holder's team (made once per
 * team): what `api-client` calls send, and what team B's client sends on A's requests.
 */
export function apiClientHeaders(t: TestApp, holder: TestUser): Promise<Record<string, string>> {
  let headers = TOKENS.get(holder);
  if (!headers) {
    headers = (async () => {
      const made = (await holder.call(apiClientsApi.createApiClient, { body: { name: `Matrix CI ${Math.random().toString(36).slice(2, 8)}`, role: 'administrator' } })).json();
      const token = await t.app.inject({ method: 'POST', url: apiClientsApi.obtainToken.fullPath, payload: { grant_type: 'client_credentials', client_id: made.client.clientId, client_secret: made.clientSecret } });
      return { authorization: `Bearer ${token.json().access_token as string}`, client_id: made.client.clientId as string };
    })();
    TOKENS.set(holder, headers);
  }
  return headers;
}

const suffix = () => Math.random().toString(36).slice(2, 8);
/** A fresh client of team A, made by its account holder (an API client, or a service account). */
async function fresh(s: Seed, type: 'api-client' | 'service-account' = 'api-client') {
  const res = await s.a.holder.call(apiClientsApi.createApiClient, { body: { name: `${s.marker} ${suffix()}`, role: 'publishing', type } });
  return res.json() as { client: { clientId: string; keys: Array<{ keyId: string }> }; clientSecret?: string };
}

/** Team A's API clients and service accounts; the Connect API's token and who-am-I calls. */
export function apiClientsBuilders(): Builders {
  return {
    'apiClients.list': { build: () => ({ query: { withTotal: 'true' } }) },
    'apiClients.get': { build: async (s) => ({ query: { clientId: (await fresh(s)).client.clientId } }) },
    // A name without A's marker: B's member makes a client of B's own with it, which shows nothing of A.
    'apiClients.create': { build: () => ({ body: { name: `CI ${suffix()}`, role: 'reports' } }) },
    'apiClients.update': { build: async (s) => ({ body: { clientId: (await fresh(s)).client.clientId, name: `${s.marker} ${suffix()}`, resetSecret: 'keep-old-for-a-day' } }) },
    'apiClients.delete': { build: async (s) => ({ query: { clientId: (await fresh(s)).client.clientId } }) },
    'apiClients.createKeyPair': { build: async (s) => ({ body: { clientId: (await fresh(s, 'service-account')).client.clientId } }) },
    'apiClients.deleteKey': {
      build: async (s) => {
        const { client } = await fresh(s, 'service-account');
        return { query: { clientId: client.clientId, keyId: client.keys[0]!.keyId } };
      },
    },
    'apiClients.publicKey': {
      build: async (s) => {
        const { client } = await fresh(s, 'service-account');
        return { query: { clientId: client.clientId, keyId: client.keys[0]!.keyId } };
      },
    },
    'apiClients.brief': {
      build: async (s) => {
        const { client, clientSecret } = await fresh(s);
        const token = await s.t.app.inject({ method: 'POST', url: apiClientsApi.obtainToken.fullPath, payload: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: clientSecret } });
        return { headers: { authorization: `Bearer ${token.json().access_token as string}`, client_id: client.clientId } };
      },
    },
    'apiClients.grant': { build: async (s) => ({ body: { clientId: (await fresh(s)).client.clientId, appIds: [s.a.app.appId] } }) },
    'apiClients.revokeGrant': {
      build: async (s) => {
        const { client } = await fresh(s);
        await s.a.holder.call(apiClientsApi.grantRecord, { body: { clientId: client.clientId, appIds: [s.a.app.appId] } });
        return { query: { clientId: client.clientId, appId: s.a.app.appId } };
      },
    },
    'apiClients.grantedResources': { build: async (s) => ({ query: { clientId: (await fresh(s)).client.clientId } }) },
    'apiClients.grantableResources': { build: async (s) => ({ query: { clientId: (await fresh(s)).client.clientId } }) },
    'apiClients.grantUrl': { build: async (s) => ({ query: { clientId: (await fresh(s)).client.clientId } }) },
    'apiClients.token': {
      build: async (s) => {
        const { client, clientSecret } = await fresh(s);
        return { body: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: clientSecret } };
      },
    },
  };
}
