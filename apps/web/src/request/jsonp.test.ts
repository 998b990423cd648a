// @vitest-environment jsdom
/// <reference types="node" />
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSONP_CROSS_DOMAIN_ERROR, jsonp, xhrGetText } from './jsonp';

// A plain server for the XHR fallback (cross-origin from the jsdom page, so it allows CORS).
let server: http.Server;
let base = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.url?.startsWith('/data')) res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"answer":42}');
    else res.writeHead(404).end('no');
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  base = `http://localhost:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

type Callbacks = Record<string, ((data: unknown) => void) | undefined>;

/** A script loader that "runs" the script: it calls the named callback, like a JSONP answer. */
function answeringScript(data: unknown, seen: string[]) {
  return (src: string) => {
    seen.push(src);
    const name = new URL(src, 'http://page').searchParams.get('cb') ?? new URL(src, 'http://page').searchParams.get('callback') ?? '';
    queueMicrotask(() => (window as unknown as Callbacks)[name]?.(data));
    return () => undefined;
  };
}

function failingScript(seen: string[]) {
  return (src: string, onError: () => void) => {
    seen.push(src);
    queueMicrotask(onError);
    return () => undefined;
  };
}

describe('JSONP loader', () => {
  it('adds the callback parameter, resolves with what the script passes, and cleans up', async () => {
    const seen: string[] = [];
    const data = await jsonp('https://api.example.com/v1/info?x=1#h', { insertScript: answeringScript({ ok: true }, seen) });
    expect(data).toEqual({ ok: true });
    const url = new URL(seen[0]!);
    expect(url.searchParams.get('x')).toBe('1');
    const name = url.searchParams.get('callback')!;
    expect(name).toMatch(/^__wharfJsonp/);
    expect(url.hash).toBe('#h');
    expect((window as unknown as Callbacks)[name]).toBeUndefined();
  });

  it('uses the named callback parameter', async () => {
    const seen: string[] = [];
    await jsonp('/info', { callbackParam: 'cb', insertScript: answeringScript(1, seen), origin: 'http://page' });
    expect(seen[0]).toMatch(/^\/info\?cb=__wharfJsonp/);
  });

  it("refuses a failed cross-origin script with 'crossDomain error'", async () => {
    const seen: string[] = [];
    let fetched = false;
    const failure = jsonp('https://other.example.com/info', {
      insertScript: failingScript(seen),
      origin: 'http://page.example.com',
      getText: async () => {
        fetched = true;
        return '{}';
      },
    });
    await expect(failure).rejects.toThrow(JSONP_CROSS_DOMAIN_ERROR);
    expect(fetched).toBe(false);
  });

  it('retries a failed same-origin script by a plain GET (XMLHttpRequest)', async () => {
    const data = await jsonp(`${base}/data`, { insertScript: failingScript([]), origin: base });
    expect(data).toEqual({ answer: 42 });
  });

  it('rejects when the plain GET fails too', async () => {
    await expect(jsonp(`${base}/missing`, { insertScript: failingScript([]), origin: base })).rejects.toThrow('Request failed with status code 404');
  });

  it('treats a script that never answers as failed after the timeout', async () => {
    const never = () => () => undefined;
    await expect(jsonp('https://other.example.com/x', { insertScript: never, origin: 'http://page', timeoutMs: 20 })).rejects.toThrow(JSONP_CROSS_DOMAIN_ERROR);
  });

  it('inserts a real script tag by default and removes it after an error', async () => {
    const failure = jsonp('https://other.example.com/real', { origin: 'http://page' });
    const script = document.head.querySelector('script[src^="https://other.example.com/real"]') as HTMLScriptElement;
    expect(script).not.toBeNull();
    script.dispatchEvent(new Event('error'));
    await expect(failure).rejects.toThrow(JSONP_CROSS_DOMAIN_ERROR);
    expect(document.head.querySelector('script[src^="https://other.example.com/real"]')).toBeNull();
  });

  it('gets text by XMLHttpRequest', async () => {
    expect(await xhrGetText(`${base}/data`)).toBe('{"answer":42}');
  });
});
