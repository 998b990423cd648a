import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Duplex } from 'node:stream';
import { Worker } from 'node:worker_threads';
import pg from 'pg';

/** A compiled WebAssembly module (the server's types have no DOM, where WebAssembly's are). */
type WasmModule = object;
const { WebAssembly: wasm } = globalThis as unknown as { WebAssembly: { Module: new (bytes: Uint8Array) => WasmModule } };

let compiled: { wasmModule: WasmModule; fsBundle: Uint8Array } | null = null;

/**
 * PGlite's engine compiled once per process, and its file bundle read once: each thread
 * would otherwise compile and read them again (a test process opens hundreds of databases;
 * a thread started in 0.47 s, 0.3 s with these given).
 */
function engine(): { wasmModule: WasmModule; fsBundle: Uint8Array } {
  if (!compiled) {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    compiled = {
      wasmModule: new wasm.Module(fs.readFileSync(path.join(dist, 'pglite.wasm'))),
      fsBundle: new Uint8Array(fs.readFileSync(path.join(dist, 'pglite.data'))),
    };
  }
  return compiled;
}

type FromWorker = { type: 'ready' } | { type: 'failed'; message: string } | { type: 'data'; conn: number; bytes: Uint8Array } | { type: 'error'; conn: number; message: string } | { type: 'stopped'; message?: string };

/** PGlite could not open the data directory's files. */
export class UnreadableData extends Error {}

/** A connection to the database thread, as node-postgres wants a socket to be. */
class ThreadSocket extends Duplex {
  constructor(
    private readonly thread: PgliteThread,
    readonly id: number,
  ) {
    super();
  }

  connect(): this {
    queueMicrotask(() => this.emit('connect'));
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    return this;
  }

  unref(): this {
    return this;
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (err?: Error | null) => void): void {
    this.thread.send(this.id, chunk);
    done();
  }

  override _final(done: (err?: Error | null) => void): void {
    this.push(null);
    done();
  }

  override _destroy(err: Error | null, done: (err?: Error | null) => void): void {
    this.thread.forget(this.id);
    done(err);
  }
}

/**
 * PGlite in a worker thread of its own (pglite-worker.mjs), reached through node-postgres:
 * while a query runs there, this thread serves requests and streams files. The worker
 * keeps a transaction's statements together, as one PostgreSQL session would.
 */
export class PgliteThread {
  readonly #worker: Worker;
  readonly #sockets = new Map<number, ThreadSocket>();
  #next = 0;
  #stopped: Promise<void> | null = null;
  #dead: Error | null = null;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (m: FromWorker) => {
      if (m.type === 'data') this.#sockets.get(m.conn)?.push(Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength));
      else if (m.type === 'error') this.#sockets.get(m.conn)?.destroy(new Error(`embedded database: ${m.message}`));
    });
    // A thread that died fails every open connection at once (the health check then says
    // so) instead of leaving their queries waiting for ever.
    const fail = (err: Error) => {
      this.#dead ??= err;
      for (const socket of this.#sockets.values()) socket.destroy(err);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the embedded database thread exited (${code})`)));
  }

  /**
   * Starts the thread and opens the database in it. Rejects with an UnreadableData when
   * PGlite cannot open the files, with a plain error when the thread itself failed.
   */
  static start(dir: string): Promise<PgliteThread> {
    // The thread is plain JavaScript and needs none of the process's flags (loaders, probes).
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dir, ...engine() }, execArgv: [] });
    return new Promise((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`the embedded database thread exited (${code})`));
      worker.once('exit', onExit);
      worker.once('error', reject);
      worker.once('message', (m: FromWorker) => {
        worker.off('exit', onExit);
        if (m.type === 'ready') resolve(new PgliteThread(worker));
        else reject(m.type === 'failed' ? new UnreadableData(m.message) : new Error(`unexpected ${m.type}`));
      });
    });
  }

  /** A pool of node-postgres connections to the thread. */
  pool(max: number): pg.Pool {
    return new pg.Pool({ max, user: 'postgres', database: 'postgres', stream: () => this.#socket() } as pg.PoolConfig);
  }

  #socket(): ThreadSocket {
    const socket = new ThreadSocket(this, (this.#next += 1));
    const dead = this.#dead;
    if (dead) process.nextTick(() => socket.destroy(dead));
    else this.#sockets.set(socket.id, socket);
    return socket;
  }

  send(conn: number, chunk: Buffer): void {
    const bytes = new Uint8Array(chunk);
    this.#worker.postMessage({ type: 'data', conn, bytes }, [bytes.buffer]);
  }

  forget(conn: number): void {
    if (this.#sockets.delete(conn)) this.#worker.postMessage({ type: 'close', conn });
  }

  /** Closes the database cleanly (PGlite writes its files) and ends the thread. */
  stop(): Promise<void> {
    return (this.#stopped ??= new Promise<void>((resolve) => {
      this.#worker.once('exit', () => resolve());
      this.#worker.on('message', (m: FromWorker) => {
        if (m.type === 'stopped') void this.#worker.terminate();
      });
      this.#worker.postMessage({ type: 'stop' });
    }));
  }
}
