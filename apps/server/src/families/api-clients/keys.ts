import { generateKeyPair, randomInt, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import type { ServiceAccountKeyFile } from '@wharf/contract';

const generate = promisify(generateKeyPair);

/** AppGallery Connect's client IDs are long decimal numbers; so are these (19 digits). */
export const newClientId = () => `${randomInt(1_000_000_000, 10_000_000_000)}${randomInt(100_000_000, 1_000_000_000)}`;

export interface NewKey {
  keyId: string;
  publicKey: string;
  privateKey: string;
}

/** A service account's key pair: RSA 2048, the private half in PKCS #8 as AppGallery Connect's key files carry it. */
export async function newKeyPair(): Promise<NewKey> {
  const { publicKey, privateKey } = await generate('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { keyId: randomUUID(), publicKey, privateKey };
}

/** The JSON key file handed out once: what a CI job signs its JWTs with. */
export const keyFileOf = (key: NewKey, clientId: string, projectId: string | null, tokenUri: string): ServiceAccountKeyFile => ({
  type: 'service_account',
  project_id: projectId ?? '',
  key_id: key.keyId,
  private_key: key.privateKey,
  sub_account: clientId,
  token_uri: tokenUri,
});
