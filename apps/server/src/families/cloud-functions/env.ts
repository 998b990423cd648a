import type { DbOrTx } from '../../platform/db/types';
import type { Secrets } from '../../platform/secrets';
import { invalidInput } from '../../platform/http/errors';
import { WORDS } from './words';

export type EnvMap = Record<string, string>;

/** What the console may see of a value: its last four characters when it is long enough to keep them secret. */
const hintOf = (value: string) => (value.length >= 12 ? `…${value.slice(-4)}` : '');

export async function readEnv(secrets: Secrets, db: DbOrTx, secretId: string | null): Promise<EnvMap> {
  if (!secretId) return {};
  return JSON.parse((await secrets.reveal(db, secretId)).reveal()) as EnvMap;
}

/**
 * The variables after an edit: a value given replaces the kept one, a name without a value
 * keeps it, a name left out goes. All of them are one sealed secret of the function.
 */
export async function writeEnv(
  secrets: Secrets,
  tx: DbOrTx,
  owner: { projectId: string; name: string; secretId: string | null },
  input: readonly { name: string; value?: string | undefined }[],
): Promise<{ secretId: string | null; hints: { name: string; hint: string }[] }> {
  const kept = await readEnv(secrets, tx, owner.secretId);
  const next: EnvMap = {};
  for (const v of input) {
    const value = v.value ?? kept[v.name];
    if (value === undefined) throw invalidInput(WORDS.envValueMissing(v.name));
    next[v.name] = value;
  }
  const hints = Object.entries(next).map(([name, value]) => ({ name, hint: hintOf(value) }));
  if (hints.length === 0) {
    if (owner.secretId) await secrets.remove(tx, owner.secretId);
    return { secretId: null, hints };
  }
  const text = JSON.stringify(next);
  if (owner.secretId && (await secrets.rotateValue(tx, owner.secretId, text))) return { secretId: owner.secretId, hints };
  const { secret } = await secrets.create(tx, { scope: 'project', scopeId: owner.projectId, name: owner.name, kind: 'revealable', value: text });
  return { secretId: secret.id, hints };
}

/** A sealed copy of the variables for a version, which keeps them when `$latest` changes. */
export async function copyEnv(secrets: Secrets, tx: DbOrTx, from: string | null, owner: { projectId: string; name: string }): Promise<string | null> {
  if (!from) return null;
  const value = (await secrets.reveal(tx, from)).reveal();
  return (await secrets.create(tx, { scope: 'project', scopeId: owner.projectId, name: owner.name, kind: 'revealable', value })).secret.id;
}
