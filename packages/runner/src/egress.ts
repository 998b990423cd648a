import dns from 'node:dns';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

export interface EgressOptions {
  /** The Unix socket the proxy listens on; each sandbox sees it at /run/egress.sock. */
  socketPath: string;
  /** Name resolution (tests give their own). */
  lookup?: (host: string) => Promise<string[]>;
  /** How an allowed address is reached (tests reach a local server in its place). */
  connect?: (address: string, port: number) => net.Socket;
  /** Tunnels open at once, every runner together. */
  maxTunnels?: number;
  onRefused?: (host: string, why: string) => void;
  /**
   * The only hosts reachable, whatever their addresses (a layer build's package registry,
   * which the operator chose and may be on a private network); every other name is refused.
   */
  only?: string[];
}

const systemLookup = async (host: string) => (await dns.promises.lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Whether an address may be reached from a function: public unicast only. Loopback,
 * private, shared (CGNAT), link-local (cloud metadata at 169.254.169.254), unique-local,
 * multicast, reserved and the IPv6 forms that carry an IPv4 address (mapped, NAT64, 6to4,
 * Teredo) are all refused.
 */
export function reachable(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === 'unicast';
}

export interface EgressProxy {
  socketPath: string;
  close(): Promise<void>;
}

/**
 * The only way out of a sandbox: an HTTP proxy on a Unix socket that resolves the name
 * itself, refuses it when any of its addresses is not public, and then connects to the
 * address it checked (not the name again, so a second lookup cannot swap in a private one).
 * CONNECT tunnels carry HTTPS; absolute-form requests carry plain HTTP.
 */
export async function startEgressProxy(o: EgressOptions): Promise<EgressProxy> {
  const lookup = o.lookup ?? systemLookup;
  const connect = o.connect ?? ((address: string, port: number) => net.connect({ host: address, port }));
  const maxTunnels = o.maxTunnels ?? 256;
  let open = 0;

  const target = async (host: string, port: number): Promise<string | { refused: string }> => {
    if (!Number.isInteger(port) || port < 1 || port > 65535) return { refused: 'a bad port' };
    const bare = host.replace(/^\[|\]$/g, '');
    if (o.only && !o.only.includes(bare.toLowerCase())) return { refused: `only ${o.only.join(', ')} may be reached from here` };
    const addresses = net.isIP(bare) ? [bare] : await lookup(bare).catch(() => [] as string[]);
    if (addresses.length === 0) return { refused: 'the name does not resolve' };
    const blocked = o.only ? undefined : addresses.find((a) => !reachable(a));
    if (blocked) return { refused: `it resolves to ${blocked}, which functions may not reach` };
    return addresses[0]!;
  };
  const refuse = (host: string, why: string) => o.onRefused?.(host, why);

  const server = http.createServer(async (req, res) => {
    let url: URL;
    try {
      url = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end('egress: only absolute http:// addresses and CONNECT');
      return;
    }
    if (url.protocol !== 'http:') return void res.writeHead(400).end('egress: https goes through CONNECT');
    const to = await target(url.hostname, Number(url.port || 80));
    if (typeof to !== 'string') {
      refuse(url.hostname, to.refused);
      return void res.writeHead(403, { 'content-type': 'text/plain' }).end(`egress refused ${url.hostname}: ${to.refused}`);
    }
    const upstream = http.request({ createConnection: () => connect(to, Number(url.port || 80)), method: req.method, path: `${url.pathname}${url.search}`, headers: { ...req.headers, host: url.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.headersSent ? res.destroy() : res.writeHead(502).end('egress: the address did not answer'));
    req.pipe(upstream);
  });

  server.on('connect', async (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    client.on('error', () => undefined);
    const m = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(req.url ?? '');
    if (!m) return void client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
    if (open >= maxTunnels) return void client.end('HTTP/1.1 429 Too Many Requests\r\n\r\n');
    const to = await target(m[1]!, Number(m[2]));
    if (typeof to !== 'string') {
      refuse(m[1]!, to.refused);
      return void client.end(`HTTP/1.1 403 Forbidden\r\ncontent-type: text/plain\r\n\r\negress refused ${m[1]}: ${to.refused}`);
    }
    open += 1;
    const upstream = connect(to, Number(m[2]));
    upstream.setTimeout(60_000, () => upstream.destroy());
    upstream.on('connect', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    upstream.on('error', () => (client.writable ? client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n') : end()));
    upstream.on('close', end);
    client.on('close', () => {
      end();
    });
    upstream.once('close', () => (open -= 1));
  });

  fs.rmSync(o.socketPath, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.socketPath, () => resolve());
  });
  return {
    socketPath: o.socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        fs.rmSync(o.socketPath, { force: true });
      }),
  };
}
