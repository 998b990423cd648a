import type { Link, LinkPrefix } from '@wharf/contract';
import { txtProof } from '../../platform/dns-proof';
import type { LinkRow, PrefixRow } from './repo';

/** Where every link of a prefix starts: the link host's /l/<name>/, or the proven host's root. */
export const prefixUrl = (p: Pick<PrefixRow, 'kind' | 'name'>, linkHostOrigin: string) => (p.kind === 'path' ? `${linkHostOrigin}/l/${p.name}/` : `https://${p.name}/`);

export const prefixOut = (p: PrefixRow & { links: number }, linkHostOrigin: string): LinkPrefix => ({
  prefixId: p.id,
  kind: p.kind,
  name: p.name,
  url: prefixUrl(p, linkHostOrigin),
  state: p.state,
  txtName: p.kind === 'host' ? txtProof(p.name, p.token!).name : null,
  txtValue: p.kind === 'host' ? txtProof(p.name, p.token!).value : null,
  links: p.links,
  createdAt: p.createdAt.toISOString(),
});

export const linkOut = (r: LinkRow, prefix: Pick<PrefixRow, 'kind' | 'name'>, linkHostOrigin: string): Link => ({
  ...r.targets,
  linkId: r.id,
  projectId: r.projectId,
  prefixId: r.prefixId,
  suffix: r.suffix,
  shortLink: prefixUrl(prefix, linkHostOrigin) + r.suffix,
  state: r.state,
  name: r.name,
  expiresAt: r.expiresAt?.toISOString() ?? null,
  clicks: r.clicks,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});
