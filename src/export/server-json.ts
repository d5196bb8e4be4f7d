import { CliMcpError } from '../errors.js';

/** The MCP Registry's server.json schema this file follows (`$schema` of every server.json written). */
export const SERVER_JSON_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json';

/** The registry refuses a longer description. */
const MAX_DESCRIPTION = 100;

/** The fields of an npm package.json that a server.json is made from. */
export interface PackageFacts {
  readonly name?: string;
  readonly version?: string;
  readonly description?: string;
  /** The registry name the package claims: the registry checks it equals server.json's `name`. */
  readonly mcpName?: string;
  readonly repository?: string | { readonly url?: string };
  readonly homepage?: string;
}

export interface ServerJsonOptions {
  /** Reverse-DNS server name (`io.github.owner/name`). @default the package's `mcpName` */
  readonly name?: string;
  /** Words after `npx <package>` that start the MCP server over stdio. @default ['mcp', 'start'] (an app with `mcpCommand()`) */
  readonly startArgs?: readonly string[];
  /** Used when the package has no description. */
  readonly description?: string;
}

/**
 * A server.json for the MCP Registry describing an npm package that serves its CLI over stdio,
 * started as `npx <package>@<version> <startArgs…>`. Throws with what is missing (a name, a version).
 */
export function toServerJson(pkg: PackageFacts, { name = pkg.mcpName, startArgs = ['mcp', 'start'], description }: ServerJsonOptions = {}): Record<string, unknown> {
  const missing = [
    name === undefined && 'a server name (--server-name, or "mcpName" in package.json)',
    pkg.name === undefined && 'the package name ("name" in package.json)',
    pkg.version === undefined && 'a version ("version" in package.json)',
  ].filter(Boolean);
  if (missing.length) throw new CliMcpError('cli-mcp.invalid-option', `server.json needs ${missing.join(', ')}`);
  if (!/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/.test(name as string)) throw new CliMcpError('cli-mcp.invalid-option', `server name ${JSON.stringify(name)} is not reverse-DNS with one slash, e.g. io.github.owner/${pkg.name}`);
  const text = (pkg.description ?? description ?? `${pkg.name} as MCP tools`).trim();
  const repository = repositoryOf(pkg.repository);
  return {
    $schema: SERVER_JSON_SCHEMA,
    name,
    description: text.length > MAX_DESCRIPTION ? `${text.slice(0, MAX_DESCRIPTION - 1)}…` : text,
    version: pkg.version,
    ...(repository ? { repository } : {}),
    ...(pkg.homepage?.startsWith('https://') ? { websiteUrl: pkg.homepage } : {}),
    packages: [
      {
        registryType: 'npm',
        identifier: pkg.name,
        version: pkg.version,
        runtimeHint: 'npx',
        transport: { type: 'stdio' },
        packageArguments: startArgs.map((value) => ({ type: 'positional', value })),
      },
    ],
  };
}

/** A GitHub or GitLab repository in any spelling npm allows (`github:o/r`, `git+https://…`, `o/r`). */
function repositoryOf(repository: PackageFacts['repository']): { url: string; source: string } | undefined {
  const raw = typeof repository === 'string' ? repository : repository?.url;
  if (!raw) return undefined;
  const shorthand = /^(?:(github|gitlab):)?([\w.-]+\/[\w.-]+)$/.exec(raw);
  if (shorthand) return { url: `https://${shorthand[1] ?? 'github'}.com/${shorthand[2]}`, source: shorthand[1] ?? 'github' };
  const url = /(github|gitlab)\.com[/:]([\w.-]+\/[\w.-]+?)(?:\.git)?\/?$/.exec(raw);
  return url ? { url: `https://${url[1]}.com/${url[2]}`, source: url[1] as string } : undefined;
}
