/**
 * A caller's id: what everything kept per caller is keyed by. Static tokens and JWTs live in separate
 * namespaces, so a JWT whose subject is a static token's name is still someone else.
 */

/** The id of a static token's principal. */
export function tokenPrincipalId(name: string): string {
  return `token:${name}`;
}

/** The id of a JWT's principal: its issuer (which has no `#`: RFC 8414 forbids a fragment) and its subject. */
export function jwtPrincipalId(issuer: string, subject: string): string {
  return `jwt:${issuer}#${subject}`;
}

/** The id's parts: its kind, and the name it carries (a JWT's subject, without its issuer). */
export function principalParts(id: string): { readonly kind: 'token' | 'jwt' | undefined; readonly name: string } {
  if (id.startsWith('token:')) return { kind: 'token', name: id.slice('token:'.length) };
  const hash = id.indexOf('#');
  if (id.startsWith('jwt:') && hash !== -1) return { kind: 'jwt', name: id.slice(hash + 1) };
  return { kind: undefined, name: id };
}
