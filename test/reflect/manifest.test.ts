import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isCliMcpError } from '../../src/errors.js';
import { loadTarget } from '../../src/reflect/load-program.js';
import { manifestFor, manifestJsonSchema, parseManifest, readManifest, writeManifest } from '../../src/reflect/manifest.js';
import { createMcpServer } from '../../src/server/create-mcp-server.js';
import type { CommandSpec } from '../../src/types.js';
import { scratchMaker } from '../helpers/scratch.js';

// loadTarget runs the worker from dist/: `npm run build` first.
const repo = fileURLToPath(new URL('../../', import.meta.url));
const scratch = scratchMaker('cli-mcp-manifest-');
const toolsOf = (spec: CommandSpec) => createMcpServer(spec, { launcher: 'true' }).listTools();

/** A small valid manifest to break one piece at a time. */
function valid(): { manifestVersion: 1; program: Record<string, unknown> & { subcommands: Array<Record<string, unknown>> } } {
  const command = (name: string, extra: Record<string, unknown> = {}) => ({ name, runnable: true, options: [], positionals: [], subcommands: [], ...extra });
  return {
    manifestVersion: 1,
    program: {
      ...command('tool', { runnable: false }),
      subcommands: [command('get', { options: [{ name: 'output', type: 'string', flag: '--output' }] }), command('put'), command('drop')],
    },
  };
}

/** The message of the error that parsing `document` throws (and that it is an invalid-manifest error). */
function problemOf(document: unknown): string {
  try {
    parseManifest(typeof document === 'string' ? document : JSON.stringify(document), 'm.json');
  } catch (error) {
    expect(isCliMcpError(error) && error.code).toBe('cli-mcp.invalid-manifest');
    return (error as Error).message;
  }
  throw new Error('the manifest was accepted');
}

function edited(edit: (manifest: ReturnType<typeof valid>) => void): ReturnType<typeof valid> {
  const manifest = valid();
  edit(manifest);
  return manifest;
}

const sub = (manifest: ReturnType<typeof valid>, index: number): Record<string, unknown> => manifest.program.subcommands[index] ?? {};

describe('manifest round trip', () => {
  it('when the todo example is reflected, written and read back then the tools list is the same', async () => {
    const loaded = await loadTarget(join(repo, 'examples/todo/todo.js'));
    const file = join(scratch(), 'todo.json');
    writeManifest(file, loaded.spec);
    const read = readManifest(file);
    expect(read).toEqual(JSON.parse(JSON.stringify(loaded.spec)));
    expect(toolsOf(read)).toEqual(toolsOf(loaded.spec));
    expect(toolsOf(read).tools.map((tool) => tool.name)).toEqual(['todo_add', 'todo_list', 'todo_done', 'todo_remove', 'todo_assign', 'todo_tag_add', 'todo_tag_remove', 'todo_run_start', 'todo_run_status', 'todo_run_cancel', 'todo_read_output']);
  });

  it('when a manifest is made then it carries the format version and the tree, with $schema only when given', () => {
    const spec = parseManifest(JSON.stringify(valid()));
    expect(manifestFor(spec)).toEqual({ manifestVersion: 1, program: spec });
    expect(Object.keys(manifestFor(spec, { $schema: './schema.json' }))).toEqual(['$schema', 'manifestVersion', 'program']);
  });

  it('when a tree breaks a manifest rule then manifestFor refuses it, so no unreadable file is ever written', () => {
    const spec = parseManifest(JSON.stringify(valid()));
    const broken = { ...spec, subcommands: [...spec.subcommands, ...spec.subcommands.slice(0, 1)] };
    expect(() => manifestFor(broken)).toThrow(/program\.subcommands\[3\]\.name: duplicate subcommand name "get"/);
  });

  it('when the kubectl example is read then its curated annotations become tool annotations', () => {
    const spec = readManifest(join(repo, 'examples/kubectl-manifest/kubectl.json'));
    const tools = toolsOf(spec).tools;
    expect(tools.find((tool) => tool.name === 'kubectl_delete')?.annotations).toMatchObject({ destructiveHint: true });
    expect(tools.find((tool) => tool.name === 'kubectl_get')?.annotations).toMatchObject({ readOnlyHint: true });
    // A group that only holds subcommands is not a tool; its subcommands are.
    expect(tools.map((tool) => tool.name)).not.toContain('kubectl_config');
    expect(tools.map((tool) => tool.name)).toContain('kubectl_config_current-context');
  });
});

describe('manifest validation names the JSON path of each problem', () => {
  it.each([
    [
      'an option type outside the four',
      edited((m) => ((sub(m, 0).options as Array<Record<string, unknown>>)[0]!.type = 'int')),
      'program.subcommands[0].options[0].type: expected one of boolean, string, number, integer, got "int"',
    ],
    ['a misspelt key', edited((m) => (sub(m, 1).descripton = 'x')), 'program.subcommands[1].descripton: unknown key; did you mean "description"?'],
    ['an unknown top-level key', { ...valid(), extra: 1 }, 'extra: unknown key; the keys here are: $schema, manifestVersion, program'],
    ['a missing required field', edited((m) => delete sub(m, 2).runnable), 'program.subcommands[2].runnable: required: expected a boolean (true or false)'],
    ['a value of the wrong type', edited((m) => (sub(m, 2).options = {})), 'program.subcommands[2].options: expected an array, got {}'],
    ['an empty name', edited((m) => (sub(m, 1).name = '')), 'program.subcommands[1].name: must not be empty'],
    ['another manifest version', { ...valid(), manifestVersion: 2 }, 'manifestVersion: expected 1, got 2'],
    ['a document that is not an object', [1], 'manifest: expected an object, got [1]'],
    [
      'a flag that is not an option token',
      edited((m) => ((sub(m, 0).options as Array<Record<string, unknown>>)[0]!.flag = 'output')),
      'program.subcommands[0].options[0].flag: expected an option token such as "--name" or "-n" (dashes, then no "=" or spaces), got "output"',
    ],
    [
      'two subcommands of one name',
      edited((m) => (sub(m, 2).name = 'get')),
      'program.subcommands[2].name: duplicate subcommand name "get" (also program.subcommands[0])',
    ],
    [
      'two options of one name',
      edited((m) => (sub(m, 1).options = [{ name: 'v', type: 'boolean', flag: '-v' }, { name: 'v', type: 'boolean', flag: '--verbose' }])),
      'program.subcommands[1].options[1].name: duplicate option name "v" (also program.subcommands[1].options[0])',
    ],
    [
      'a variadic positional that is not last',
      edited((m) => (sub(m, 1).positionals = [{ name: 'a', type: 'string', required: true, variadic: true }, { name: 'b', type: 'string', required: true, variadic: false }])),
      'program.subcommands[1].positionals[0].variadic: only the last positional can be variadic',
    ],
    [
      'a required positional after an optional one',
      edited((m) => (sub(m, 1).positionals = [{ name: 'a', type: 'string', required: false, variadic: false }, { name: 'b', type: 'string', required: true, variadic: false }])),
      'program.subcommands[1].positionals[1].required: a required positional cannot follow an optional one (program.subcommands[1].positionals[0])',
    ],
    [
      'an option with neither flag nor negation',
      edited((m) => (sub(m, 1).options = [{ name: 'quiet', type: 'boolean' }])),
      'program.subcommands[1].options[0]: needs a "flag" or a "negation", or it can never reach the command line',
    ],
    [
      'a counted option that is not an integer',
      edited((m) => (sub(m, 1).options = [{ name: 'verbose', type: 'boolean', flag: '-v', count: true }])),
      'program.subcommands[1].options[0].count: a counted option has "type": "integer"',
    ],
    ['a command name read as an option', edited((m) => (sub(m, 1).name = '--all')), 'program.subcommands[1].name: a command name cannot start with "-" (it would be read as an option)'],
    ['a per-command sandbox other than "off"', edited((m) => (sub(m, 1).sandbox = 'strict')), 'program.subcommands[1].sandbox: expected off, got "strict"'],
  ])('when a manifest has %s then the error says where and what', (_kind, document, line) => {
    expect(problemOf(document)).toBe(`manifest "m.json" is not valid (1 problem):\n  - ${line}`);
  });

  it('when a manifest has several problems then each is listed on its own line', () => {
    const message = problemOf(edited((m) => {
      sub(m, 0).name = '';
      sub(m, 1).runnable = 'yes';
    }));
    expect(message.split('\n')).toEqual([
      'manifest "m.json" is not valid (2 problems):',
      '  - program.subcommands[0].name: must not be empty',
      '  - program.subcommands[1].runnable: expected a boolean (true or false), got "yes"',
    ]);
  });

  it('when a manifest is not JSON then the error gives the line and column', () => {
    expect(problemOf('{\n  "manifestVersion": 1,\n}')).toMatch(/^manifest "m\.json" is not valid JSON: .*\(line 3, column 1\)$/);
  });

  it('when a negation has a fixed value, as Go CLIs spell it, then it is accepted', () => {
    const spec = parseManifest(JSON.stringify(edited((m) => (sub(m, 1).options = [{ name: 'wait', type: 'boolean', flag: '--wait', negation: '--wait=false' }]))));
    expect(spec.subcommands[1]?.options[0]?.negation).toBe('--wait=false');
  });

  it('when a command sets "sandbox": "off" then its flattened command carries it, and only that command', () => {
    const spec = parseManifest(JSON.stringify(edited((m) => (sub(m, 1).sandbox = 'off'))));
    expect(spec.subcommands.map((command) => command.sandbox)).toEqual([undefined, 'off', ...spec.subcommands.slice(2).map(() => undefined)]);
  });

  it('when the manifest file does not exist then the error says so with the target-not-found code', () => {
    const file = join(scratch(), 'absent.json');
    expect(() => readManifest(file)).toThrow(expect.objectContaining({ code: 'cli-mcp.target-not-found', message: `cannot read manifest "${file}": no such file` }));
  });
});

describe('the manifest JSON Schema', () => {
  it('when the zod schema changes then schema/manifest.schema.json is regenerated with it (vitest -u), never drifting', async () => {
    await expect(`${JSON.stringify(manifestJsonSchema(), null, 2)}\n`).toMatchFileSnapshot('../../schema/manifest.schema.json');
  });

  it('when the committed schema is read then it documents every field and refuses unknown keys at every level', () => {
    const schema = JSON.parse(readFileSync(join(repo, 'schema/manifest.schema.json'), 'utf8')) as { additionalProperties: boolean; $defs: Record<string, Record<string, unknown>> };
    expect(schema.additionalProperties).toBe(false);
    const command = schema.$defs.CommandSpec as { additionalProperties: boolean; properties: Record<string, { description?: string; items?: { properties?: Record<string, { description?: string }> } }> };
    expect(command.additionalProperties).toBe(false);
    const fields = Object.entries(command.properties).flatMap(([key, value]) => [[key, value.description], ...Object.entries(value.items?.properties ?? {}).map(([inner, field]) => [`${key}.${inner}`, field.description])]);
    expect(fields.filter(([, description]) => !description).map(([key]) => key)).toEqual([]);
  });

});
