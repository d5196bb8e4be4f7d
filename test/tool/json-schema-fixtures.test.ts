import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadTarget } from '../../src/reflect/load-program.js';
import { parseManifest } from '../../src/reflect/manifest.js';
import { parseHelp } from '../../src/reflect/help/parse.js';
import { toJsonSchema } from '../../src/schema/json-schema.js';
import { buildTools } from '../../src/tool/build-tools.js';
import type { CommandSpec } from '../../src/types.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const filesUnder = (dir: string, ends: string): string[] =>
  readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(ends))
    .map((file) => join(root, dir, file));

/** The commander and yargs programs among the fixtures and examples that reflect without a help crawl. */
const PROGRAMS = [
  'examples/todo/todo.js',
  'examples/kubectl-like/kubectl.js',
  'test/fixtures/traps/ops.js',
  'test/fixtures/tree/tree.js',
  'test/fixtures/discovery/kube.mjs',
  'test/fixtures/smuggle/red.js',
  'test/fixtures/oracle/oracle.js',
  'test/fixtures/secure/gitlike.js',
  'test/fixtures/sandbox/daemon-cli.js',
  'test/fixtures/defaults/contradicting.mjs',
  'test/fixtures/output/printer.js',
  'test/fixtures/yargs/exported.mjs',
  'test/fixtures/yargs/default-local.mjs',
  'test/fixtures/yargs/esm-parse.mjs',
];

/** Every tool's advertised schema, written from the spec, against the zod oracle's; the count of tools compared. */
function compareTools(spec: CommandSpec, where: string): number {
  const tools = buildTools(spec);
  for (const tool of tools) {
    expect(JSON.stringify(tool.inputJsonSchema), `${where}: ${tool.name}`).toBe(JSON.stringify(toJsonSchema(tool.inputSchema)));
  }
  return tools.length;
}

describe('the advertised schema of every fixture and example', () => {
  it('when a manifest in the fixtures or examples becomes tools then each schema is byte-identical to the zod one', () => {
    const manifests = [...filesUnder('test/fixtures', '.json'), ...filesUnder('examples', '.json')].filter((file) => readFileSync(file, 'utf8').includes('"manifestVersion"'));
    let tools = 0;
    for (const file of manifests) tools += compareTools(parseManifest(readFileSync(file, 'utf8'), file), relative(root, file));
    expect(manifests.length).toBeGreaterThanOrEqual(6);
    expect(tools).toBeGreaterThan(30);
  });

  it('when a captured help text becomes a tool then its schema is byte-identical to the zod one', () => {
    const pages = filesUnder('test/fixtures/help', '.txt');
    for (const file of pages) {
      const page = parseHelp(readFileSync(file, 'utf8'));
      const spec: CommandSpec = { name: 'prog', runnable: true, options: [...page.globalOptions, ...page.options], positionals: page.positionals, subcommands: [], ...(page.passthrough ? { passthrough: page.passthrough } : {}) };
      compareTools(spec, relative(root, file));
    }
    expect(pages.length).toBeGreaterThan(40);
  });

  it('when a fixture or example program is reflected then each of its tools has a schema byte-identical to the zod one', async () => {
    const loaded = await Promise.all(PROGRAMS.map(async (file) => ({ file, spec: (await loadTarget(join(root, file))).spec })));
    let tools = 0;
    for (const { file, spec } of loaded) tools += compareTools(spec, file);
    expect(tools).toBeGreaterThan(PROGRAMS.length);
  }, 60_000);
});
