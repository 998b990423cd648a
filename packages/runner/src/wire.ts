import { timingSafeEqual } from 'node:crypto';
import type { FunctionCode } from './host';

// How a function's files travel between the server and a runner host: text as it is,
// bytes as base64, so a zip's binary files arrive unchanged.

export type WireFiles = Record<string, { text: string } | { base64: string }>;

export function filesToWire(files: FunctionCode['files']): WireFiles {
  return Object.fromEntries(Object.entries(files).map(([name, content]) => [name, typeof content === 'string' ? { text: content } : { base64: Buffer.from(content).toString('base64') }]));
}

export function filesFromWire(files: WireFiles): FunctionCode['files'] {
  return Object.fromEntries(Object.entries(files).map(([name, f]) => [name, 'text' in f ? f.text : Buffer.from(f.base64, 'base64')]));
}

/** The shared token's check, in constant time. */
export function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
