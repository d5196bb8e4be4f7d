/** A configured server as its file wrote it, and the names a server may have: what the config's reader and its users share. */

/** A server name, as a client's file holds it: letters, digits, `_` and `-`. */
export const NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** One configured server, as its file wrote it. */
export interface NamedServer {
  readonly name: string;
  readonly file: string;
  readonly target?: string;
  readonly manifest?: string;
  /** The rest: option values by long flag name (`preset`, `deny-flag`, `no-cache`). */
  readonly options: Readonly<Record<string, unknown>>;
  /** The line of a path under `servers` (`[name, key]`), which errors name. */
  readonly lineOf: (path: readonly string[]) => number;
}
