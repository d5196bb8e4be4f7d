import { writeFileSync } from 'node:fs';
import { CliMcpError } from '../errors.js';
import { readUserFile } from '../read-user-file.js';
import type { CommandSpec } from '../types.js';
import { describeManifestIssues, semanticProblems } from './manifest-check.js';
import { MANIFEST_VERSION, manifestSchema, type ManifestDocument } from './manifest-schema.js';

export { MANIFEST_VERSION, manifestJsonSchema, type ManifestDocument } from './manifest-schema.js';

/** Most problems listed in one error; the rest are counted. */
const MAX_PROBLEMS = 20;

/**
 * Reads and checks a manifest file: its JSON, its shape (strictly: an unknown key is refused) and
 * what the shape cannot say (unique names, only the last positional variadic, …).
 * @returns the program's CommandSpec tree.
 * @throws {CliMcpError} `cli-mcp.target-not-found` when the file cannot be read; `cli-mcp.invalid-manifest`
 * with one line per problem, each naming its JSON path (`program.subcommands[2].options[0].type: …`).
 * @example const spec = readManifest('kubectl.json'); createMcpServer(spec, { launcher: 'kubectl' })
 */
export function readManifest(path: string): CommandSpec {
  return parseManifest(readUserFile(path, 'manifest', 'cli-mcp.target-not-found'), path);
}

/** Checks a manifest given as JSON text; `source` names it in errors. */
export function parseManifest(text: string, source = 'manifest'): CommandSpec {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CliMcpError('cli-mcp.invalid-manifest', `manifest "${source}" is not valid JSON: ${jsonError(error, text)}`, { cause: error });
  }
  return checkManifest(json, source).program;
}

/**
 * The manifest of a CommandSpec tree: `{ manifestVersion: 1, program }` (with `$schema` when given), keys
 * in a fixed order. It is checked as `readManifest` checks it, so what is written can always be read back.
 * @throws {CliMcpError} `cli-mcp.invalid-manifest` when the tree breaks the manifest's rules.
 */
export function manifestFor(spec: CommandSpec, options: { readonly $schema?: string } = {}): ManifestDocument {
  const document = { ...(options.$schema === undefined ? {} : { $schema: options.$schema }), manifestVersion: MANIFEST_VERSION, program: spec };
  // Through JSON first: what is checked is exactly what a file would hold.
  return checkManifest(JSON.parse(JSON.stringify(document)) as unknown, `the manifest of "${spec.name}"`);
}

/** Writes the manifest of a tree to a file, as two-space indented JSON. */
export function writeManifest(path: string, spec: CommandSpec, options: { readonly $schema?: string } = {}): void {
  writeFileSync(path, manifestText(spec, options));
}

/** The manifest file's text: two-space indented JSON and a final newline. */
export function manifestText(spec: CommandSpec, options: { readonly $schema?: string } = {}): string {
  return `${JSON.stringify(manifestFor(spec, options), null, 2)}\n`;
}

function checkManifest(json: unknown, source: string): ManifestDocument {
  const parsed = manifestSchema.safeParse(json);
  const problems = parsed.success ? semanticProblems(parsed.data.program) : describeManifestIssues(parsed.error.issues, json);
  if (parsed.success && problems.length === 0) return parsed.data;
  const listed = problems.slice(0, MAX_PROBLEMS).map((line) => `  - ${line}`);
  if (problems.length > MAX_PROBLEMS) listed.push(`  … and ${problems.length - MAX_PROBLEMS} more`);
  const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
  throw new CliMcpError('cli-mcp.invalid-manifest', `manifest "${source}" is not valid (${count}):\n${listed.join('\n')}`);
}

/** JSON.parse's message, with the line and column when it gives a position. */
function jsonError(error: unknown, text: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const position = /at position (\d+)/.exec(message)?.[1];
  if (position === undefined) return message;
  const before = text.slice(0, Number(position)).split('\n');
  return `${message} (line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1})`;
}
