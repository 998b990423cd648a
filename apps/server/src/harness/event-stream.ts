/** Reads a streamed answer until `until` holds for what arrived, or the time is up; then lets go of it. */
export async function readUntil(res: Response, until: (text: string) => boolean, ms = 5000): Promise<string> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + ms;
  while (!until(text) && Date.now() < deadline) {
    const next = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now()))]);
    if (!next || next.done) break;
    text += decoder.decode(next.value, { stream: true });
  }
  void reader.cancel().catch(() => undefined);
  return text;
}
