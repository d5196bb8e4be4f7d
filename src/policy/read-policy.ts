import { extname } from 'node:path';
import { CliMcpError, type ErrorCode } from '../errors.js';
import { pathText } from '../messages.js';
import { readUserFile } from '../read-user-file.js';
import { describePolicyIssues, principalProblems, semanticProblems, type KnownPrincipals, type PolicyProblem } from './policy-check.js';
import { policySchema, type PolicyGrant, type PolicyRule } from './policy-schema.js';
import { parseSource, type SourceText } from './source-lines.js';

/** A checked access policy, `default` spelt out as a grant. */
export interface Policy {
  /** Where it was read from, as errors and logs name it. */
  readonly source: string;
  /** What a principal no rule matches gets: `{ allow: [] }` for `none`, `{}` for `all`. */
  readonly default: PolicyGrant;
  /** Tried in order; the first that matches a principal decides. */
  readonly rules: readonly PolicyRule[];
}

/** How a policy text is read; `yaml` reads JSON too, but `json` reports JSON's own syntax errors. */
export type PolicyFormat = 'json' | 'yaml';

const CODE: ErrorCode = 'cli-mcp.invalid-policy';
/** Most problems listed in one error; the rest are counted. */
const MAX_PROBLEMS = 20;

/**
 * Reads and checks a policy file, JSON or YAML by its extension (`.json`, `.yaml`, `.yml`), else by
 * its first character (`{` is JSON).
 * @throws {CliMcpError} `cli-mcp.invalid-policy` when the file cannot be read or parsed, or breaks a rule:
 * one line per problem, naming its path in the file and its line (`rules[1].approval: … (line 7)`).
 * With `known`, an entry naming a principal that cannot authenticate to the server is a problem too.
 * @example const policy = readPolicy('policy.yaml'); policyFor(policy, { id: 'token:ci-bot', scopes: [] }).allows(['kubectl', 'get', 'pods'])
 */
export function readPolicy(path: string, known?: KnownPrincipals): Policy {
  const text = readUserFile(path, 'policy', CODE);
  return parsePolicy(text, path, formatOf(path, text), known);
}

/**
 * Checks a policy given as text; `source` names it in errors. `format` `'json'` only changes how a
 * syntax error is worded: YAML 1.2 reads JSON too, and both refuse a repeated key.
 * @default format 'yaml'
 */
export function parsePolicy(text: string, source = 'policy', format: PolicyFormat = 'yaml', known?: KnownPrincipals): Policy {
  if (format === 'json') {
    try {
      JSON.parse(text);
    } catch (error) {
      throw new CliMcpError(CODE, `policy "${source}" is not valid JSON: ${jsonError(error, text)}`, { cause: error });
    }
  }
  const parsed = parseSource(text);
  if ('error' in parsed.parsed) {
    const { error, line, column } = parsed.parsed;
    throw new CliMcpError(CODE, `policy "${source}" is not valid ${format === 'json' ? 'JSON' : 'YAML'}: ${error} (line ${line}, column ${column})`);
  }
  return check(parsed.parsed.value, source, parsed, known);
}

/** Checks a policy given as a value (a parsed file, or an object built in code). */
export function checkPolicy(document: unknown, source = 'policy', known?: KnownPrincipals): Policy {
  return check(document, source, undefined, known);
}

function check(document: unknown, source: string, text: SourceText | undefined, known: KnownPrincipals | undefined): Policy {
  const parsed = policySchema.safeParse(document);
  const problems = parsed.success
    ? [...semanticProblems(parsed.data), ...(known ? principalProblems(parsed.data, known) : [])]
    : describePolicyIssues(parsed.error.issues, document);
  if (parsed.success && problems.length === 0) {
    const { default: given = 'none', rules = [] } = parsed.data;
    const grant = given === 'none' ? { allow: [] } : given === 'all' ? {} : given;
    return { source, default: grant, rules };
  }
  const lines = problems.slice(0, MAX_PROBLEMS).map((problem) => `  - ${problemLine(problem, text)}`);
  if (problems.length > MAX_PROBLEMS) lines.push(`  … and ${problems.length - MAX_PROBLEMS} more`);
  const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
  throw new CliMcpError(CODE, `policy "${source}" is not valid (${count}):\n${lines.join('\n')}`);
}

function problemLine(problem: PolicyProblem, text: SourceText | undefined): string {
  const line = text?.lineOf(problem.path);
  return `${pathText(problem.path, 'policy')}: ${problem.text}${line === undefined ? '' : ` (line ${line})`}`;
}

function formatOf(path: string, text: string): PolicyFormat {
  const extension = extname(path).toLowerCase();
  if (extension === '.json') return 'json';
  if (extension === '.yaml' || extension === '.yml') return 'yaml';
  return text.trimStart().startsWith('{') ? 'json' : 'yaml';
}

/** JSON.parse's message, with the line and column when it gives a position. */
function jsonError(error: unknown, text: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const position = /at position (\d+)/.exec(message)?.[1];
  if (position === undefined) return message;
  const before = text.slice(0, Number(position)).split('\n');
  return `${message} (line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1})`;
}
