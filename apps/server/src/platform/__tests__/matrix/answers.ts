/** A setup call's answer, which must be 200: its JSON, or an error naming the step. */
export async function ok<T>(res: { statusCode: number; body: string; json: () => unknown }, what: string): Promise<T> {
  if (res.statusCode !== 200) throw new Error(`${what}: ${res.body}`);
  return res.json() as T;
}
