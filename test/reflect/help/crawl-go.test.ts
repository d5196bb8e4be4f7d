import { describe, expect, it } from 'vitest';
import { PARSER_CONVENTIONS } from '../../../src/argv/conventions.js';
import { resolveBinary } from '../../../src/reflect/help/binary.js';
import { reflectHelp } from '../../../src/reflect/help/crawl.js';
import { flattenRunnable } from '../../../src/reflect/flatten.js';
import { buildTools } from '../../../src/tool/build-tools.js';
import type { CommandSpec } from '../../../src/types.js';
import { optionLines, positionalLines } from './summary.js';

const terraform = await resolveBinary('terraform', process.cwd());
const docker = await resolveBinary('docker', process.cwd());
if (terraform === undefined) console.warn('\n!!! terraform is NOT installed: the real terraform crawl tests are SKIPPED !!!\n');
if (docker === undefined) console.warn('\n!!! docker is NOT installed: the real docker crawl tests are SKIPPED !!!\n');

function find(spec: CommandSpec, ...path: string[]): CommandSpec | undefined {
  let node: CommandSpec | undefined = spec;
  for (const word of path) node = node?.subcommands.find((child) => child.name === word);
  return node;
}

describe('crawling the real terraform (Go flag)', () => {
  it.skipIf(terraform === undefined)('when terraform is crawled then each subcommand is a tool with one-dash flags, read from `<sub> -help`', async () => {
    const result = await reflectHelp('terraform', { cache: false });
    expect(result.dialect).toBe('goflag');
    expect(result.unread).toEqual([]);
    expect(result.spec.argv).toEqual(PARSER_CONVENTIONS.goFlag);
    const names = buildTools(result.spec).map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['terraform_fmt', 'terraform_validate', 'terraform_version', 'terraform_init', 'terraform_plan', 'terraform_apply', 'terraform_state_list', 'terraform_workspace_new']));
    expect(names).not.toEqual(expect.arrayContaining(['terraform', 'terraform_state', 'terraform_workspace']));
    const fmt = find(result.spec, 'fmt');
    expect(optionLines(fmt?.options ?? [])).toContain('check: -check boolean off:-check=false');
    expect(positionalLines(fmt?.positionals ?? [])).toBe('[target...]');
    expect(optionLines(find(result.spec, 'apply')?.options ?? [])).toEqual(expect.arrayContaining(['auto-approve: -auto-approve boolean off:-auto-approve=false', 'var: -var string repeatable', 'lock-timeout: -lock-timeout string ="0s"']));
  }, 60_000);

  it.skipIf(terraform === undefined)('when terraform lists -chdir, -help and -version as global then only -chdir is an option, on the root, before every subcommand', async () => {
    const result = await reflectHelp('terraform', { cache: false, maxDepth: 1, only: ['fmt'] });
    expect(optionLines(result.spec.options)).toEqual(['chdir: -chdir string']);
    expect(result.spec.runnable).toBe(false);
    const fmt = flattenRunnable(result.spec).find((command) => command.path.join(' ') === 'terraform fmt');
    expect(fmt?.options.filter((option) => option.depth === 0).map((option) => option.flag)).toEqual(['-chdir']);
  }, 60_000);
});

describe("crawling the real docker's global options", () => {
  it.skipIf(docker === undefined)('when only the root page lists Global Options (docker ps --debug is refused) then no tool carries them', async () => {
    const result = await reflectHelp('docker', { cache: false, maxDepth: 1, only: ['ps', 'images'] });
    expect(result.dialect).toBe('cobra');
    // docker takes them before the command (`docker --debug ps`): the root's own, as its completion protocol says.
    expect(result.spec.options.map((option) => option.name)).toEqual(expect.arrayContaining(['debug', 'log-level']));
    expect(result.spec.options.every((option) => option.local === true)).toBe(true);
    for (const command of flattenRunnable(result.spec)) {
      expect(command.options.map((option) => option.name)).not.toEqual(expect.arrayContaining(['debug']));
      expect(command.options.map((option) => option.name)).not.toEqual(expect.arrayContaining(['log-level']));
    }
    expect(find(result.spec, 'ps')?.options.map((option) => option.name)).toEqual(['all', 'filter', 'format', 'last', 'latest', 'no-trunc', 'quiet', 'size']);
  }, 60_000);
});
