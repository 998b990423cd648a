import { fileApi, type FileObject } from '@wharf/contract';
import { ApiError, callEndpoint } from '../request/call';

/**
 * Resumable uploads through the file service's multipart calls: init, one PUT per part
 * (with the browser's upload progress), compose. When the connection drops, the parts the
 * server already holds are asked for and only the rest is sent again.
 */

export type UploadPhase = 'starting' | 'uploading' | 'reconnecting' | 'composing' | 'done';

export interface UploadProgress {
  phase: UploadPhase;
  /** Bytes the server has, or is receiving now. */
  sent: number;
  total: number;
  /** Recent sending speed; null until there is enough to measure. */
  bytesPerSecond: number | null;
  /** How many times the upload was resumed after a dropped connection. */
  resumes: number;
  /** The server's id of this upload, once started: a failed upload can be resumed with it. */
  uploadId: string | null;
}

export interface UploadOptions {
  bizTag?: 'apk' | 'img' | 'video' | 'zip' | 'file';
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
  /** Waits before each reconnection attempt; the upload fails after the last one. */
  retryDelaysMs?: readonly number[];
  /** Per-part time limit. */
  partTimeoutMs?: number;
  /** A part whose sending makes no progress for this long is given up and sent again. */
  stallTimeoutMs?: number;
  /** Continues an earlier upload of the same file: only the parts the server lacks are sent. */
  resumeUploadId?: string | null;
  now?: () => number;
}

const DEFAULT_STALL_TIMEOUT_MS = 15_000;
const DEFAULT_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000];
const SPEED_WINDOW_MS = 3_000;
const MIME = /^[\w.+-]+\/[\w.+-]+$/;

/** Sending a part stopped moving (a connection that hangs instead of failing). */
class StalledError extends Error {
  override readonly name = 'StalledError';
}

/** A call that got no answer (the connection dropped or hung, the server was unreachable, a timeout). */
export function isConnectionFailure(err: unknown): boolean {
  if (err instanceof StalledError) return true;
  if (!(err instanceof ApiError) || err.canceled) return false;
  return err.status === null || err.status === 502 || err.status === 503 || err.status === 504;
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Sending speed over the last few seconds. */
class SpeedMeter {
  #samples: Array<{ at: number; sent: number }> = [];
  constructor(private readonly now: () => number) {}

  add(sent: number): number | null {
    const at = this.now();
    this.#samples.push({ at, sent });
    while (this.#samples.length > 2 && at - this.#samples[0]!.at > SPEED_WINDOW_MS) this.#samples.shift();
    const first = this.#samples[0]!;
    const elapsed = at - first.at;
    if (elapsed < 250 || sent < first.sent) return null;
    return ((sent - first.sent) * 1000) / elapsed;
  }

  reset(): void {
    this.#samples = [];
  }
}

/** Uploads a file in parts and answers the stored file object. */
export async function uploadInParts(file: File, options: UploadOptions = {}): Promise<FileObject> {
  const { signal, onProgress } = options;
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const meter = new SpeedMeter(options.now ?? (() => Date.now()));
  const total = file.size;
  const state: UploadProgress = { phase: 'starting', sent: 0, total, bytesPerSecond: null, resumes: 0, uploadId: null };
  const report = (change: Partial<UploadProgress>) => {
    Object.assign(state, change);
    onProgress?.({ ...state });
  };
  report({});

  /** Parts the server has confirmed (part number to size). */
  const received = new Map<number, number>();
  const held = () => [...received.values()].reduce((a, b) => a + b, 0);

  /** Retries a call after connection failures, running `beforeRetry` (re-sync) first. */
  let failuresInARow = 0;
  async function withReconnect<T>(run: () => Promise<T>, beforeRetry?: () => Promise<void>): Promise<T> {
    for (;;) {
      try {
        const result = await run();
        failuresInARow = 0;
        return result;
      } catch (err) {
        if (!isConnectionFailure(err) || failuresInARow >= delays.length) throw err;
        const phase = state.phase;
        // What was sent of an unconfirmed part may be lost: the bar goes back to what the server confirmed.
        report({ phase: 'reconnecting', bytesPerSecond: null, sent: held() });
        meter.reset();
        await wait(delays[failuresInARow]!, signal);
        failuresInARow += 1;
        if (beforeRetry) {
          // The server may not be back yet: asking it is retried like the rest.
          await withReconnect(beforeRetry);
          report({ resumes: state.resumes + 1 });
        }
        report({ phase });
      }
    }
  }

  const contentType = MIME.test(file.type) ? file.type : 'application/octet-stream';
  type Started = { uploadId: string; partSize: number; partCount: number; parts?: Array<{ partNumber: number; size: number }> };
  const start = async (): Promise<Started> => {
    if (options.resumeUploadId) {
      try {
        const known = await withReconnect(() => callEndpoint(fileApi.multipartParts, { query: { uploadId: options.resumeUploadId! }, signal, silent: true }));
        if (known.partCount === Math.max(1, Math.ceil(total / known.partSize))) {
          report({ resumes: state.resumes + 1 });
          return { uploadId: options.resumeUploadId, partSize: known.partSize, partCount: known.partCount, parts: known.parts };
        }
      } catch (err) {
        // Gone (expired, swept) or not this file: start afresh.
        if (!(err instanceof ApiError) || err.status !== 404) throw err;
      }
    }
    return withReconnect(() =>
      callEndpoint(fileApi.multipartInit, {
        body: { fileName: file.name, contentType, bizTag: options.bizTag ?? 'file', size: total },
        signal,
        silent: true,
      }),
    );
  };
  const { uploadId, partSize, partCount, parts: heldAlready = [] } = await start();
  const sizeOf = (n: number) => Math.min(partSize, total - (n - 1) * partSize);
  for (const part of heldAlready) if (part.size === sizeOf(part.partNumber)) received.set(part.partNumber, part.size);
  report({ uploadId, sent: held() });

  const resync = async () => {
    const answer = await callEndpoint(fileApi.multipartParts, { query: { uploadId }, signal, silent: true });
    received.clear();
    for (const part of answer.parts) if (part.size === sizeOf(part.partNumber)) received.set(part.partNumber, part.size);
    report({ sent: held() });
  };

  try {
    return await sendParts();
  } catch (err) {
    // Cancelled: the parts already sent are dropped on the server too.
    if (signal?.aborted) void callEndpoint(fileApi.multipartAbort, { body: { uploadId }, silent: true }).catch(() => undefined);
    throw err;
  }

  async function sendParts(): Promise<FileObject> {
    report({ phase: 'uploading' });
    for (let partNumber = 1; partNumber <= partCount; partNumber += 1) {
      if (received.has(partNumber)) continue;
      const start = (partNumber - 1) * partSize;
      const blob = file.slice(start, start + sizeOf(partNumber), 'application/octet-stream');
      await withReconnect(async () => {
        if (received.has(partNumber)) return;
        const before = held();
        // axios delivers progress throttled, a last event may come after the call ended.
        let sending = true;
        // A hung connection sends nothing and fails only at the time limit: watch for it.
        const attempt = new AbortController();
        const onAbort = () => attempt.abort(signal?.reason);
        signal?.addEventListener('abort', onAbort, { once: true });
        let stalled = false;
        let watchdog: ReturnType<typeof setTimeout> | undefined;
        const watch = (loaded: number) => {
          clearTimeout(watchdog);
          if (loaded >= blob.size) return; // all sent: the server is storing it
          watchdog = setTimeout(() => {
            stalled = true;
            attempt.abort();
          }, options.stallTimeoutMs ?? DEFAULT_STALL_TIMEOUT_MS);
        };
        watch(0);
        const answer = await callEndpoint(fileApi.multipartPart, {
          query: { uploadId, partNumber },
          body: blob,
          signal: attempt.signal,
          silent: true,
          timeoutMs: options.partTimeoutMs ?? 10 * 60_000,
          onUploadProgress: (loaded) => {
            if (!sending) return;
            watch(loaded);
            const sent = before + Math.min(loaded, blob.size);
            report({ sent, bytesPerSecond: meter.add(sent) ?? state.bytesPerSecond });
          },
        })
          .catch((err: unknown) => {
            throw stalled ? new StalledError(`part ${partNumber} stalled`) : err;
          })
          .finally(() => {
            sending = false;
            clearTimeout(watchdog);
            signal?.removeEventListener('abort', onAbort);
          });
        received.set(answer.partNumber, answer.size);
        report({ sent: held() });
      }, resync);
    }

    report({ phase: 'composing', sent: total });
    const composed = await withReconnect(() => callEndpoint(fileApi.multipartCompose, { body: { uploadId }, signal, silent: true }));
    report({ phase: 'done', sent: total, bytesPerSecond: null });
    return composed.object;
  }
}
