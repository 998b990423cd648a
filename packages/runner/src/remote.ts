import type { FunctionCode, HostHealth, HostOutcome, RunnerHost, RunnerInfo } from './host';
import { filesToWire } from './wire';

/** A runner host on another machine, through its runner service (`service.ts`). */
export class RemoteRunnerHost implements RunnerHost {
  constructor(
    readonly url: string,
    private readonly token: string,
  ) {}

  async #post(path: string, body: unknown): Promise<unknown> {
    const res = await fetch(`${this.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const answer = (await res.json()) as { error?: string };
    if (!res.ok) throw new Error(`the runner host ${this.url} refused ${path}: ${answer.error ?? res.status}`);
    return answer;
  }

  async start(code: FunctionCode): Promise<void> {
    await this.#post('/v1/start', { ...code, files: filesToWire(code.files) });
  }

  async invoke(key: string, event: unknown, context: Record<string, unknown>): Promise<HostOutcome> {
    return (await this.#post('/v1/invoke', { key, event, context })) as HostOutcome;
  }

  async stop(key: string): Promise<void> {
    await this.#post('/v1/stop', { key });
  }

  async health(): Promise<HostHealth> {
    const res = await fetch(`${this.url}/v1/health`, { headers: { authorization: `Bearer ${this.token}` }, signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new Error(`the runner host ${this.url} answered ${res.status}`);
    return (await res.json()) as HostHealth;
  }

  async runners(): Promise<RunnerInfo[]> {
    const res = await fetch(`${this.url}/v1/runners`, { headers: { authorization: `Bearer ${this.token}` }, signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new Error(`the runner host ${this.url} answered ${res.status}`);
    return ((await res.json()) as { runners: RunnerInfo[] }).runners;
  }

  async keepWarm(key: string, count: number): Promise<number> {
    return ((await this.#post('/v1/warm', { key, count })) as { held: number }).held;
  }

  async close(): Promise<void> {
    // The host's runners are its own: they end when it stops or their idle time passes.
  }
}
