// Token text is checked with character loops, not RegExp: V8 keeps a regexp's last subject
// (readable as RegExp.input) until the next match, which would hold a plaintext token in memory.

/** What an `Authorization` header holds, for a bearer-token reader. */
export type BearerHeader = { readonly token: string } | 'absent' | 'malformed';

/**
 * The token of an `Authorization: Bearer <token>` header (scheme case-insensitive, RFC 6750 §2.1).
 * Another scheme counts as no bearer token; two headers (joined with a comma) or bad characters as malformed.
 */
export function bearerToken(header: string | null): BearerHeader {
  if (header === null) return 'absent';
  const space = header.indexOf(' ');
  const scheme = (space === -1 ? header : header.slice(0, space)).toLowerCase();
  if (scheme !== 'bearer') return 'absent';
  let start = space + 1;
  while (space !== -1 && header[start] === ' ') start += 1;
  let end = header.length;
  while (end > start && header[end - 1] === ' ') end -= 1;
  const token = space === -1 ? '' : header.slice(start, end);
  return isB64Token(token) ? { token } : 'malformed';
}

/** RFC 6750 §2.1 `b64token`: `A-Z a-z 0-9 - . _ ~ + /`, then any number of `=`. */
export function isB64Token(text: string): boolean {
  let index = 0;
  while (index < text.length && isTokenChar(text.charCodeAt(index))) index += 1;
  if (index === 0) return false;
  while (index < text.length && text.charCodeAt(index) === 0x3d) index += 1;
  return index === text.length;
}

/** A compact JWS: three base64url parts, the last possibly empty (so an `alg: none` token is still judged, and refused, by jose). */
export function looksLikeJwt(text: string): boolean {
  let dots = 0;
  let partLength = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0x2e) {
      if (partLength === 0 || dots === 2) return false;
      dots += 1;
      partLength = 0;
    } else if (isBase64UrlChar(code)) partLength += 1;
    else return false;
  }
  return dots === 2;
}

function isTokenChar(code: number): boolean {
  return isBase64UrlChar(code) || code === 0x2e || code === 0x7e || code === 0x2b || code === 0x2f; // . ~ + /
}

function isBase64UrlChar(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x2d || code === 0x5f;
}
