import { describe, expect, it } from 'vitest';
import { PARSER_CONVENTIONS } from '../../../src/argv/conventions.js';
import { parseHelp } from '../../../src/reflect/help/parse.js';
import { assembleSpec, type Visited } from '../../../src/reflect/help/spec-tree.js';
import { flattenRunnable } from '../../../src/reflect/flatten.js';
import { helpText } from './summary.js';

/** A program page with one read subcommand page under it, both real captured help. */
function tree(program: string, rootFile: string, child: string, childFile: string): Visited {
  const root = parseHelp(helpText(rootFile), { path: [program] });
  const page = parseHelp(helpText(childFile), { path: [program, child] });
  return { words: [], page: root, children: [{ words: [child], page, children: [] }] };
}

describe('assembling crawled pages into a command tree', () => {
  it("when only docker's own page lists Global Options (read before the subcommand only) then no tool gets them", () => {
    const visited = tree('docker', 'cobra/docker.txt', 'ps', 'cobra/docker-ps.txt');
    const spec = assembleSpec('docker', visited, { inherited: [], rootPage: visited.page?.globalOptions ?? [] }, PARSER_CONVENTIONS.cobra);
    expect(spec.options).toEqual([]);
    expect(spec.runnable).toBe(false);
    const ps = flattenRunnable(spec).find((command) => command.path.join(' ') === 'docker ps');
    expect(ps?.options.map((option) => option.name)).toEqual(['all', 'filter', 'format', 'last', 'latest', 'no-trunc', 'quiet', 'size']);
  });

  it("when a program's usage names no command though it lists commands (appstreamcli's `appstreamcli [OPTION?]`) then it is no tool and its commands carry its options; a command's page that does so (gh's `gh codespace ports [flags]`) stays a tool", () => {
    const appstream = tree('appstreamcli', 'layouts/appstreamcli.txt', 'search', 'layouts/appstreamcli-search.txt');
    const spec = assembleSpec('appstreamcli', appstream, { inherited: [], rootPage: [] }, PARSER_CONVENTIONS.getopt);
    expect(spec.runnable).toBe(false);
    expect(flattenRunnable(spec).find((command) => command.path.join(' ') === 'appstreamcli search')?.options.map((option) => option.flag)).toEqual(expect.arrayContaining(['--verbose', '--profile']));
    const ports = parseHelp(helpText('cobra/gh-codespace-ports.txt'), { path: ['gh', 'codespace', 'ports'] });
    const forward = parseHelp(helpText('cobra/gh-codespace-ports-forward.txt'), { path: ['gh', 'codespace', 'ports', 'forward'] });
    const gh: Visited = { words: [], page: undefined, children: [{ words: ['codespace'], page: undefined, children: [{ words: ['codespace', 'ports'], page: ports, children: [{ words: ['codespace', 'ports', 'forward'], page: forward, children: [] }] }] }] };
    const runnable = flattenRunnable(assembleSpec('gh', gh, { inherited: [], rootPage: [] }, PARSER_CONVENTIONS.cobra)).map((command) => command.path.join(' '));
    expect(runnable).toEqual(['gh codespace ports', 'gh codespace ports forward']);
  });

  it("when terraform's global options go right after the program word then every tool carries them, declared at the root", () => {
    const visited = tree('terraform', 'goflag/terraform.txt', 'fmt', 'goflag/terraform-fmt.txt');
    const spec = assembleSpec('terraform', visited, { inherited: [], rootPage: visited.page?.globalOptions ?? [] }, PARSER_CONVENTIONS.goFlag);
    expect(spec.options.map((option) => option.flag)).toEqual(['-chdir']);
    const fmt = flattenRunnable(spec).find((command) => command.path.join(' ') === 'terraform fmt');
    expect(fmt?.options.find((option) => option.name === 'chdir')?.depth).toBe(0);
  });

  it('when a click group with options of its own writes its usage with a required COMMAND (dotenv [OPTIONS] COMMAND [ARGS]...) then it is no tool, and its commands carry its options', () => {
    const visited = tree('dotenv', 'click/dotenv.txt', 'list', 'click/dotenv-list.txt');
    const spec = assembleSpec('dotenv', visited, { inherited: [], rootPage: [] }, PARSER_CONVENTIONS.getopt);
    expect(spec.runnable).toBe(false);
    const list = flattenRunnable(spec).find((command) => command.path.join(' ') === 'dotenv list');
    expect(list?.options.find((option) => option.name === 'file')?.depth).toBe(0);
    expect(flattenRunnable(spec).map((command) => command.path.join(' '))).toEqual(['dotenv list']);
  });

  it('when kubectl says its global options apply to all commands then they stay on the root for every tool', () => {
    const visited = tree('kubectl', 'cobra/kubectl.txt', 'get', 'cobra/kubectl-get.txt');
    const listed = parseHelp(helpText('cobra/kubectl-options.txt'), { path: ['kubectl', 'options'], dialect: 'cobra' });
    const spec = assembleSpec('kubectl', visited, { inherited: [...listed.globalOptions, ...listed.options], rootPage: [] }, PARSER_CONVENTIONS.cobra);
    expect(spec.options.map((option) => option.name)).toEqual(expect.arrayContaining(['namespace', 'kubeconfig', 'context']));
    expect(spec.runnable).toBe(false);
  });

  it('when a group runs by itself (`kubectl cluster-info`) then it is runnable and keeps its subcommands', () => {
    const visited = tree('kubectl', 'cobra/kubectl.txt', 'cluster-info', 'cobra/kubectl-cluster-info.txt');
    const child: Visited = { ...(visited.children[0] as Visited), children: [{ words: ['cluster-info', 'dump'], entry: { name: 'dump' }, children: [] }] };
    const spec = assembleSpec('kubectl', { ...visited, children: [child] }, { inherited: [], rootPage: [] }, PARSER_CONVENTIONS.cobra);
    expect(spec.subcommands[0]).toMatchObject({ name: 'cluster-info', runnable: true });
    expect(spec.subcommands[0]?.subcommands.map((sub) => sub.name)).toEqual(['dump']);
  });
});
