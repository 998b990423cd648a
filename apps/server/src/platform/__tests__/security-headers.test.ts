import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleApi, teamApi } from '@wharf/contract';
import { loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../harness';

let t: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      FRAME_ANCESTORS: 'https://portal.example.com https://hub.example.org',
      ZONE_GATEWAYS: JSON.stringify({ europe: 'https://eu.api.example.com/x', china: '' }),
      HA_REPORT_URL: 'https://ha.example.net/report',
    },
  });
  proxied = await createTestApp({ env: { TRUST_PROXY: 'on' } });
});
afterAll(async () => {
  await t.close();
  await proxied.close();
});

const API_POLICY = "default-src 'none'; img-src 'self'; media-src 'self'; frame-ancestors 'none'";

function directives(header: string | undefined): Map<string, string> {
  return new Map((header ?? '').split(';').map((d) => d.trim()).filter(Boolean).map((d) => [d.split(' ')[0]!, d.slice(d.indexOf(' ') + 1)]));
}

describe('security headers', () => {
  it('send pages a content security policy allowing only the console, its gateways and the configured frames', async () => {
    const res = await t.app.inject({ url: '/docs', headers: { accept: 'text/html' } });
    const csp = directives(res.headers['content-security-policy'] as string);
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('frame-ancestors')).toBe("'self' https://portal.example.com https://hub.example.org");
    expect(csp.get('connect-src')).toBe("'self' https://eu.api.example.com https://ha.example.net");
    // Stored pictures and videos are shown from the user-content origin, nothing else of it.
    expect(csp.get('img-src')).toBe(`'self' data: blob: ${t.deps.userContent.origin}`);
    expect(csp.get('media-src')).toBe(`'self' blob: ${t.deps.userContent.origin}`);
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('send API answers a policy that allows nothing and no framing, and no header only pages read', async () => {
    for (const url of [consoleApi.getConfig.fullPath, '/api/publish/v2/appid-list']) {
      const res = await t.app.inject({ url });
      expect(res.headers['content-security-policy']).toBe(API_POLICY);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      for (const pageOnly of ['referrer-policy', 'cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-xss-protection']) {
        expect(res.headers[pageOnly]).toBeUndefined();
      }
    }
  });

  it('are on refusals too', async () => {
    const res = await t.app.inject({ url: teamApi.auditEventList.fullPath });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-security-policy']).toBe(API_POLICY);
  });

  it('are on answers for unknown addresses too, the same set as on a call', async () => {
    const call = await t.app.inject({ url: consoleApi.getConfig.fullPath });
    const missing = await t.app.inject({ url: '/agc/edge/no-such-call' });
    expect(missing.statusCode).toBe(404);
    for (const name of ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'cross-origin-resource-policy', 'cross-origin-opener-policy']) {
      expect(missing.headers[name]).toBe(call.headers[name]);
    }
    expect(missing.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const page = await t.app.inject({ url: '/cn/no-such-page', headers: { accept: 'text/html' } });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('add HSTS only over HTTPS, which behind a proxy is read from X-Forwarded-Proto when trusted', async () => {
    const plain = await t.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    for (const url of ['/healthz', consoleApi.getConfig.fullPath]) {
      const overTls = await proxied.app.inject({ url, headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' } });
      expect(overTls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    }
    const overHttp = await proxied.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'http' } });
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
  });

  it('refuse a frame origin that is not an origin', () => {
    expect(() => loadConfig({ FRAME_ANCESTORS: "https://ok.example.com 'unsafe-inline'" })).toThrow(/FRAME_ANCESTORS/);
    expect(loadConfig({ FRAME_ANCESTORS: 'https://a.example.com, http://b.example.com:8080' }).frameAncestors).toEqual(['https://a.example.com', 'http://b.example.com:8080']);
  });
});
