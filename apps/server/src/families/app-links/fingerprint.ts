import { createHash } from 'node:crypto';
import { languageOfAcceptLanguage } from '../../platform/http/accept-language';

/** The network an address is in: IPv4's /24, IPv6's /48 (the part a home or carrier keeps). */
function network(ip: string): string {
  const v4 = /(\d+\.\d+\.\d+)\.\d+$/.exec(ip);
  if (v4) return v4[1]!;
  return ip.split(':').slice(0, 3).join(':').toLowerCase();
}

/**
 * A coarse fingerprint for deferred deep links where the project turns matching on: the
 * network, the platform, the OS's major version and the first language, hashed. It matches
 * a browser's click to the app's first open on the same phone within two hours, and can
 * match another phone on the same network with the same system (docs/app-links.md).
 */
export function fingerprintOf(ip: string, platform: string, osVersion: string, acceptLanguage: string | undefined): string {
  const major = osVersion.split('.')[0] ?? '';
  const language = (languageOfAcceptLanguage(acceptLanguage) ?? '').slice(0, 2).toLowerCase();
  return createHash('sha256').update(`${network(ip)}|${platform}|${major}|${language}`).digest('base64url');
}
