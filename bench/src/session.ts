/** Signs up a bench user over HTTP and returns the headers an authenticated call sends. */
export async function signedInHeaders(baseUrl: string): Promise<Record<string, string>> {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const res = await fetch(`${baseUrl}/agc/edge/oauth2/v1/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench password 1', displayName: 'Bench' }),
  });
  if (!res.ok) throw new Error(`bench sign-up failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { teamId: string; csrfToken: string };
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return { cookie: cookies, teamId: body.teamId, 'X-CSRF-Token': body.csrfToken };
}
