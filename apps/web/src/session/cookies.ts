/**
 * Reading the readable cookies the server sets (agc_developer_userinfo, agc_team_id,
 * agc_team_siteId, agc_csrfToken, x-teamId, x-hd-grey). The server URI-encodes values;
 * a value that does not decode is used as it is.
 */

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The cookie's value, or null when the page has no such cookie. */
export function readCookie(name: string, cookieText: string = document.cookie): string | null {
  for (const part of cookieText.split(';')) {
    const equals = part.indexOf('=');
    const key = (equals >= 0 ? part.slice(0, equals) : part).trim();
    if (key !== name) continue;
    let value = equals >= 0 ? part.slice(equals + 1).trim() : '';
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    return decode(value);
  }
  return null;
}

/**
 * A cookie holding JSON, parsed. The specification's fallback: malformed JSON gives the
 * raw text, a missing cookie the empty string.
 */
export function readJsonCookie(name: string, cookieText: string = document.cookie): unknown {
  const raw = readCookie(name, cookieText);
  if (raw === null || raw === '') return '';
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/** Deletes a readable cookie (the console clears the user-info cookie to force a sign-in). */
export function removeCookie(name: string): void {
  document.cookie = `${name}=; path=/; max-age=0`;
}
