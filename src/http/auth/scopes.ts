/** RFC 6749 §3.3 scope-token: printable ASCII without space, `"` or `\`, so a list joins with spaces unambiguously. */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;

export function isScopeToken(value: unknown): value is string {
  return typeof value === 'string' && SCOPE_TOKEN.test(value);
}

/** The scopes in `need` that `granted` lacks, in `need`'s order. */
export function missingScopes(granted: readonly string[], need: readonly string[]): string[] {
  const have = new Set(granted);
  return need.filter((scope) => !have.has(scope));
}

/** Scopes from a JWT: `scope` (space separated, RFC 9068) or `scp` (a list or a string, as Entra and Okta send). */
export function scopesOfClaims(payload: Readonly<Record<string, unknown>>): string[] {
  const found = typeof payload['scope'] === 'string' ? payload['scope'] : payload['scp'];
  const list = typeof found === 'string' ? found.split(' ') : Array.isArray(found) ? found : [];
  return [...new Set(list.filter(isScopeToken))];
}
