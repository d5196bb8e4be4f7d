/**
 * The shape of the library's options, checked once where they enter (`createCliTools`, `createMcpServer`):
 * a misconfigured call gets a `cli-mcp.invalid-option` error that names the option and echoes its value,
 * never a TypeError from deep inside. Values (ranges, choices) are checked where the defaults are applied.
 */
import { CliMcpError } from '../errors.js';
import { shown } from '../options.js';

/** What each option must be; `false` is also accepted where the option says so. */
type Kind = 'number' | 'boolean' | 'string' | 'array' | 'object' | 'object-or-false' | 'launcher';

const TOOLS_OPTION_KINDS: Readonly<Record<string, Kind>> = {
  prefix: 'string',
  maxToolNameLength: 'number',
  selectors: 'array',
  argvPolicy: 'object',
  middleware: 'array',
  callLog: 'object-or-false',
  inputLimits: 'object',
  rateLimit: 'object-or-false',
  concurrency: 'object-or-false',
  approval: 'object',
  store: 'object',
  sanitize: 'boolean',
  redact: 'object-or-false',
  timeoutMs: 'number',
  killGraceMs: 'number',
  maxOutputBytes: 'number',
  maxTotalOutputBytes: 'number',
  maxResultBytes: 'number',
  spool: 'object-or-false',
  runs: 'object-or-false',
  refuseFollow: 'boolean',
  discovery: 'object',
  cwd: 'string',
  env: 'object',
  sandbox: 'string',
  sandboxAllow: 'array',
  sandboxNetwork: 'boolean',
  sandboxHide: 'array',
  sandboxCommand: 'string',
};

/** `createMcpServer`'s own options, beyond the tool options. */
const SERVER_OPTION_KINDS: Readonly<Record<string, Kind>> = {
  launcher: 'launcher',
  name: 'string',
  version: 'string',
  pageSize: 'number',
  maxFrameBytes: 'number',
};

const EXPECTED: Readonly<Record<Kind, string>> = {
  number: 'a number',
  boolean: 'true or false',
  string: 'a string',
  array: 'an array',
  object: 'an object',
  'object-or-false': 'an object or false',
  launcher: 'an executable name or path, or a launcher { file, prefixArgs }',
};

/**
 * Checks the options of `createCliTools`: an object, a launcher `{ file, prefixArgs }`, and every known
 * option of the right type. Unknown keys are left alone (`createMcpServer` passes its own through).
 * @throws {CliMcpError} `cli-mcp.invalid-option`
 */
export function checkToolsOptions(options: unknown): void {
  if (!isObject(options)) throw invalid(`createCliTools needs options with a launcher, e.g. { launcher: { file: 'kubectl', prefixArgs: [] } }; got ${shown(options)}`);
  if (options.launcher === undefined) throw invalid("createCliTools needs a launcher: the option launcher, { file, prefixArgs } (createMcpServer's launcher may also be an executable's name)");
  checkLauncher('launcher', options.launcher);
  checkKinds(options, TOOLS_OPTION_KINDS);
}

/** Checks the options of `createMcpServer` (an object, when given) before they become tool options. */
export function checkServerOptions(options: unknown): void {
  if (!isObject(options)) throw invalid(`createMcpServer's options must be an object, got ${shown(options)}`);
  checkKinds(options, SERVER_OPTION_KINDS);
  if (typeof options.launcher === 'string') {
    if (options.launcher === '') throw invalid('launcher must name a program, got ""');
  } else if (options.launcher !== undefined) checkLauncher('launcher', options.launcher);
}

function checkKinds(options: Record<string, unknown>, kinds: Readonly<Record<string, Kind>>): void {
  for (const [name, kind] of Object.entries(kinds)) {
    const value = options[name];
    if (value !== undefined && !fits(kind, value)) throw invalid(`${name} must be ${EXPECTED[kind]}, got ${shown(value)}`);
  }
}

function checkLauncher(name: string, launcher: unknown): void {
  const ok = isObject(launcher) && typeof launcher.file === 'string' && launcher.file !== '' && Array.isArray(launcher.prefixArgs) && launcher.prefixArgs.every((arg) => typeof arg === 'string');
  if (!ok) throw invalid(`${name} must be { file: string, prefixArgs: string[] }, got ${shown(launcher)}`);
}

function fits(kind: Kind, value: unknown): boolean {
  switch (kind) {
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'string':
      return typeof value === 'string';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
    case 'object-or-false':
      return value === false || isObject(value);
    case 'launcher':
      return typeof value === 'string' || isObject(value);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}


function invalid(message: string): CliMcpError {
  return new CliMcpError('cli-mcp.invalid-option', message);
}
