/**
 * A link may be opened only when it is an absolute http or https address (scheme in any
 * case). Everything else, javascript: and data: included, is refused; so are strings with
 * leading spaces, which a browser would trim into a different scheme check.
 */
export function isOpenableLink(url: unknown): boolean {
  return typeof url === 'string' && /^https?:\/\//i.test(url);
}
