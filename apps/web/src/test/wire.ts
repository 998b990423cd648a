import { vi } from 'vitest';

/** One request as it left the page through XMLHttpRequest (what axios uses in the page). */
export interface WireRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  withCredentials: boolean;
}

type Recorded = XMLHttpRequest & { wharfWire?: WireRequest };

/**
 * Records the requests the page sends, on the real XMLHttpRequest: method, URL, headers
 * and whether credentials were included. Restored by vi.restoreAllMocks().
 */
export function recordWire(): WireRequest[] {
  const seen: WireRequest[] = [];
  const proto = XMLHttpRequest.prototype;
  const open = proto.open as (this: XMLHttpRequest, ...args: unknown[]) => void;
  const setRequestHeader = proto.setRequestHeader;
  const send = proto.send;
  vi.spyOn(proto, 'open').mockImplementation(function (this: Recorded, ...args: unknown[]) {
    this.wharfWire = { method: String(args[0]), url: String(args[1]), headers: {}, withCredentials: false };
    return open.apply(this, args);
  });
  vi.spyOn(proto, 'setRequestHeader').mockImplementation(function (this: Recorded, name: string, value: string) {
    if (this.wharfWire) this.wharfWire.headers[name.toLowerCase()] = value;
    return setRequestHeader.call(this, name, value);
  });
  vi.spyOn(proto, 'send').mockImplementation(function (this: Recorded, body?: Document | XMLHttpRequestBodyInit | null) {
    if (this.wharfWire) {
      this.wharfWire.withCredentials = this.withCredentials;
      seen.push(this.wharfWire);
    }
    return send.call(this, body);
  });
  return seen;
}

/** The path of a recorded URL (without origin and query). */
export function pathOf(request: WireRequest): string {
  return new URL(request.url, 'http://x').pathname;
}
