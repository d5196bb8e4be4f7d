import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCliTools, type CliTools } from '../../src/call/cli-tools.js';
import type { DiscoveryMode } from '../../src/discovery/budget.js';
import type { ListedTool } from '../../src/discovery/listed-tool.js';
import { loadTarget } from '../../src/reflect/load-program.js';
import type { CommandSpec } from '../../src/types.js';
import { option, positional, spec } from '../helpers/commands.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));
export const todoFile = path.join(repo, 'examples', 'todo', 'todo.js');

/** A program with every kind of option and positional cli-mcp maps, and a passthrough. */
export const everyKind: CommandSpec = spec('kinds', {
  runnable: false,
  subcommands: [
    spec('run', {
      description: 'Every option kind.',
      options: [
        option('dry-run', 'boolean', { description: 'only say' }),
        option('color', 'boolean', { negation: '--no-color', default: true }),
        option('cache', 'boolean', { default: true }),
        option('retries', 'integer', { default: 3 }),
        option('verbose', 'integer', { count: true, flag: '-v' }),
        option('ratio', 'number'),
        option('name', 'string', { required: true, description: 'who' }),
        option('level', 'string', { choices: ['low', 'high'], default: 'low' }),
        option('include', 'string', { variadic: true }),
        option('cheese', 'string', { optionalValue: true }),
        option('sauce', 'string', { negation: '--no-sauce' }),
        option('port', 'integer', { optionalValue: true, negation: '--no-port' }),
      ],
      positionals: [positional('mode', { required: true, choices: ['fast', 'slow'] }), positional('count', { type: 'integer' }), positional('files', { variadic: true })],
      passthrough: { name: 'COMMAND', required: false },
    }),
    spec('exec', { description: 'Needs words after --.', passthrough: { name: 'COMMAND', description: 'what to run', required: true } }),
  ],
});

/** The listed tools of a spec, in `mode`, as the export formats read them. */
export function listedOf(root: CommandSpec, mode: DiscoveryMode = 'all'): readonly ListedTool[] {
  return createCliTools(root, { callLog: false, launcher: { file: 'true', prefixArgs: [] }, discovery: { mode } }).catalog.listed;
}

/** The todo example's tools, reflected the way `cli-mcp export` loads it; runs in `cwd`. */
export async function todoTools(cwd: string, mode: DiscoveryMode = 'all'): Promise<CliTools> {
  const loaded = await loadTarget(todoFile);
  return createCliTools(loaded.spec, { callLog: false, launcher: loaded.launcher, cwd, sandbox: 'off', discovery: { mode } });
}
