import { promises as dns } from 'node:dns';

export type TxtResolver = (name: string) => Promise<string[][]>;

export const systemTxt: TxtResolver = (name) => dns.resolveTxt(name);

/**
 * A host name proven by a TXT record: `_wharf-challenge.<host>` holding
 * `wharf-verification=<token>` (hosting's custom domains, app links' hosts).
 */
export const txtProof = (host: string, token: string) => ({ name: `_wharf-challenge.${host}`, value: `wharf-verification=${token}` });

/** Whether the host's TXT record holds the token now (a failed lookup is "not yet"). */
export async function hasTxtProof(resolveTxt: TxtResolver, host: string, token: string): Promise<boolean> {
  const { name, value } = txtProof(host, token);
  const records = await resolveTxt(name).catch(() => [] as string[][]);
  return records.some((parts) => parts.join('') === value);
}
