import { generateKeyPairSync } from 'node:crypto';
import { importPKCS8, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiClientsApi, RET_CODES, type ServiceAccountKeyFile } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';

const AGC_AUDIENCE = 'https://oauth-login.cloud.huawei.com/oauth2/v3/token';
let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  u = await TestUser.register(t);
});
afterAll(() => t.close());

const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);
/** A JWT as AppGallery Connect's service-account clients sign it, with what a test changes. */
async function jwtOf(file: ServiceAccountKeyFile, over: { alg?: string; kid?: string; claims?: JWTPayload; privateKey?: string } = {}) {
  const alg = over.alg ?? 'PS256';
  const key = await importPKCS8(over.privateKey ?? file.private_key, alg);
  const iat = nowSeconds();
  return new SignJWT({ aud: AGC_AUDIENCE, iss: file.sub_account, iat, exp: iat + 3600, ...over.claims }).setProtectedHeader({ alg, kid: over.kid ?? file.key_id, typ: 'JWT' }).sign(key);
}
const brief = (jwt: string) => t.app.inject({ url: apiClientsApi.briefInfo.fullPath, headers: { authorization: `Bearer ${jwt}` } });
const status = async (jwt: string) => {
  const res = await brief(jwt);
  return res.statusCode === 200 ? 200 : [res.statusCode, res.json().ret.code];
};
const REFUSED = [401, RET_CODES.apiClientInvalid.code];
const account = async (name = 'Deploy') => (await u.call(apiClientsApi.createApiClient, { body: { name, role: 'publishing', type: 'service-account' } })).json();

describe('service accounts', () => {
  it('hand out a key file once, and the JWTs it signs (PS256 or RS256, for either audience) are accepted', async () => {
    const { client, keyFile, clientSecret } = await account();
    expect(clientSecret).toBeUndefined();
    expect(keyFile).toMatchObject({ type: 'service_account', sub_account: client.clientId, key_id: client.keys[0].keyId, token_uri: expect.stringMatching(/\/api\/oauth2\/v1\/token$/) });
    expect(keyFile.private_key).toContain('BEGIN PRIVATE KEY');
    expect(JSON.stringify((await u.call(apiClientsApi.getApiClient, { query: { clientId: client.clientId } })).json())).not.toContain('PRIVATE KEY');
    const who = await brief(await jwtOf(keyFile));
    expect(who.json()).toMatchObject({ clientId: client.clientId, type: 'service-account', role: 'publishing', teamId: u.teamId });
    expect(await status(await jwtOf(keyFile, { alg: 'RS256' }))).toBe(200);
    expect(await status(await jwtOf(keyFile, { claims: { aud: keyFile.token_uri } }))).toBe(200);
    const published = (await u.call(apiClientsApi.getPublicKey, { query: { clientId: client.clientId, keyId: keyFile.key_id } })).json();
    expect(published).toMatchObject({ keyId: keyFile.key_id, algorithm: 'RS256', publicKey: expect.stringContaining('BEGIN PUBLIC KEY') });
  });

  it('refuse forged, expired, over-long, misaddressed and unsigned JWTs with 401, never 500', async () => {
    const { keyFile } = await account('Forged');
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const iat = nowSeconds();
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', kid: keyFile.key_id })).toString('base64url')}.${Buffer.from(JSON.stringify({ iss: keyFile.sub_account, aud: AGC_AUDIENCE, iat, exp: iat + 60 })).toString('base64url')}.`;
    const cases = [
      await jwtOf(keyFile, { privateKey: stranger }),
      await jwtOf(keyFile, { claims: { iat: iat - 7200, exp: iat - 3600 } }),
      await jwtOf(keyFile, { claims: { exp: iat + 7200 } }),
      await jwtOf(keyFile, { claims: { aud: 'https://example.com/token' } }),
      await jwtOf(keyFile, { claims: { iss: '1234567890123456789' } }),
      await jwtOf(keyFile, { kid: '00000000-0000-4000-8000-000000000000' }),
      await jwtOf(keyFile, { claims: { exp: undefined } }),
      unsigned,
      // The public key used as an HMAC secret: the classic algorithm confusion.
      await new SignJWT({ iss: keyFile.sub_account, aud: AGC_AUDIENCE, iat, exp: iat + 60 })
        .setProtectedHeader({ alg: 'HS256', kid: keyFile.key_id })
        .sign(new TextEncoder().encode((await u.call(apiClientsApi.getPublicKey, { query: { clientId: keyFile.sub_account, keyId: keyFile.key_id } })).json().publicKey)),
    ];
    for (const jwt of cases) expect(await status(jwt)).toEqual(REFUSED);
  });

  it('take more keys, and a revoked key or account stops working at once', async () => {
    const { client, keyFile: first } = await account('Keys');
    const added = (await u.call(apiClientsApi.createKeyPair, { body: { clientId: client.clientId } })).json();
    expect(added.client.keys).toHaveLength(2);
    const second = added.keyFile as ServiceAccountKeyFile;
    const firstJwt = await jwtOf(first);
    expect(await status(firstJwt)).toBe(200);
    expect(await status(await jwtOf(second))).toBe(200);
    const after = (await u.call(apiClientsApi.deleteKey, { query: { clientId: client.clientId, keyId: first.key_id } })).json();
    expect(after.client.keys.map((k: { keyId: string }) => k.keyId)).toEqual([second.key_id]);
    expect(await status(firstJwt)).toEqual(REFUSED);
    const secondJwt = await jwtOf(second);
    expect(await status(secondJwt)).toBe(200);
    await u.call(apiClientsApi.deleteApiClient, { query: { clientId: client.clientId } });
    expect(await status(secondJwt)).toEqual(REFUSED);
  });

  it('have no secret to exchange or reset, and API clients have no key pairs', async () => {
    const { client, keyFile } = await account('No secret');
    const asToken = await t.app.inject({ method: 'POST', url: apiClientsApi.obtainToken.fullPath, payload: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: keyFile.private_key.slice(0, 200) } });
    expect(asToken.statusCode).toBe(401);
    expect((await u.call(apiClientsApi.updateApiClient, { body: { clientId: client.clientId, resetSecret: 'revoke-old-now' } })).statusCode).toBe(400);
    const plain = (await u.call(apiClientsApi.createApiClient, { body: { name: 'Plain', role: 'reports' } })).json().client;
    expect((await u.call(apiClientsApi.createKeyPair, { body: { clientId: plain.clientId } })).statusCode).toBe(400);
  });
});
