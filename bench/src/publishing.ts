import { apiClientsApi } from '@wharf/contract';
import { call } from './release';
import { send, sentSha256 } from './upload';

/** What the Connect API lines send: an API client's token request and its bearer headers. */
export interface ConnectBench {
  tokenUrl: string;
  tokenBody: string;
  headers: Record<string, string>;
  appIdListUrl: string;
}

/** A publishing API client of the bench's team, signed in as a CI job is. */
export async function connectBench(base: string, consoleHeaders: Record<string, string>, packageName: string): Promise<ConnectBench> {
  const made = await call(base, consoleHeaders, apiClientsApi.createApiClient, { body: { name: `Bench CI ${Date.now()}`, role: 'publishing' } });
  const client = made.client as { clientId: string };
  const tokenBody = JSON.stringify({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: made.clientSecret });
  const tokenUrl = `${base}${apiClientsApi.obtainToken.fullPath}`;
  const res = await fetch(tokenUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: tokenBody });
  const answer = (await res.json()) as { ret?: unknown; access_token?: string };
  if (!answer.access_token) throw new Error(`bench setup: the token call answered ${res.status} ${JSON.stringify(answer.ret)}`);
  const token = answer.access_token;
  return {
    tokenUrl,
    tokenBody,
    headers: { authorization: `Bearer ${token}`, client_id: client.clientId },
    appIdListUrl: `${base}/api/publish/v2/appid-list?packageName=${encodeURIComponent(packageName)}`,
  };
}

/** `mb` MiB through the Connect API: upload-url/for-obs (with size and SHA-256), then the PUT to it. */
export async function connectUploadSeconds(base: string, ci: ConnectBench, appId: string, mb: number): Promise<number> {
  // A CI job knows its file's hash before it asks; hashing is not the upload's time.
  const q = new URLSearchParams({ appId, fileName: 'bench.bin', contentLength: String(mb * 1024 * 1024), sha256: sentSha256(mb) });
  const started = process.hrtime.bigint();
  const res = await fetch(`${base}/api/publish/v2/upload-url/for-obs?${q}`, { headers: ci.headers });
  const answer = (await res.json()) as { ret: unknown; urlInfo?: { url: string; headers: Record<string, string> } };
  if (!answer.urlInfo) throw new Error(`bench setup: upload-url/for-obs answered ${res.status} ${JSON.stringify(answer.ret)}`);
  const { urlInfo } = answer;
  await send(new URL(urlInfo.url), urlInfo.headers, mb, 'PUT');
  return Number(process.hrtime.bigint() - started) / 1e9;
}
