import { describe, expect, it } from 'vitest';
import { parseHelp } from '../../../src/reflect/help/parse.js';
import { runsByItself, silentOnCommands } from '../../../src/reflect/help/runnable.js';
import { helpText } from './summary.js';

function runs(name: string, path: string[]): boolean {
  return runsByItself(parseHelp(helpText(name), { path }), path);
}

describe('telling whether a command with subcommands also runs by itself', () => {
  it('when `kubectl cluster-info` shows a usage without a subcommand and an example runs it bare then it runs by itself', () => {
    expect(runs('cobra/kubectl-cluster-info.txt', ['kubectl', 'cluster-info'])).toBe(true);
  });

  it('when `kubectl auth` shows the same kind of usage but no example runs it then it is only a group (it prints its help)', () => {
    expect(runs('cobra/kubectl-auth.txt', ['kubectl', 'auth'])).toBe(false);
  });

  it("when `kubectl plugin`'s examples all run a subcommand (`kubectl plugin list`) then it is only a group", () => {
    expect(runs('cobra/kubectl-plugin.txt', ['kubectl', 'plugin'])).toBe(false);
  });

  it('when the usage names the subcommand (`kubectl config SUBCOMMAND`, `terraform state <subcommand>`, `docker COMMAND`) then it is only a group', () => {
    expect(runs('cobra/kubectl-config.txt', ['kubectl', 'config'])).toBe(false);
    expect(runs('goflag/terraform-state.txt', ['terraform', 'state'])).toBe(false);
    expect(runs('cobra/docker.txt', ['docker'])).toBe(false);
  });

  it('when `terraform workspace` shows a bare usage and nothing else backs it then it is only a group', () => {
    expect(runs('goflag/terraform-workspace.txt', ['terraform', 'workspace'])).toBe(false);
  });

  it('when cobra prints both `app tool [flags]` and `app tool [command]` then it runs by itself', () => {
    const text = ['Run or group', '', 'Usage:', '  app tool [flags]', '  app tool [command]', '', 'Available Commands:', '  sub         A sub', '', 'Flags:', '  -h, --help   help for tool'].join('\n');
    expect(runsByItself(parseHelp(text, { path: ['app', 'tool'] }), ['app', 'tool'])).toBe(true);
  });
});

describe('a program whose usage names no command though it lists commands', () => {
  it.each([
    ['layouts/appstreamcli.txt', 'appstreamcli'],
    ['layouts/etcdctl.txt', 'etcdctl'],
  ])('when every usage form of %s writes only an options placeholder then its options are its commands\' (it runs none by itself)', (file, name) => {
    const page = parseHelp(helpText(file), { path: [name] });
    expect(page.subcommands.length).toBeGreaterThan(10);
    expect(silentOnCommands(page, [name])).toBe(true);
  });

  it('when a form names an optional command (`tput [options] [command]`), operands, or the program lists no commands then it says something and stays as read', () => {
    expect(silentOnCommands(parseHelp('Usage: tput [options] [command]\n\nCommands:\n  init   Initialise\n  reset  Reset\n', { path: ['tput'] }), ['tput'])).toBe(false);
    expect(silentOnCommands(parseHelp('Usage: pack [options] FILE\n\nCommands:\n  init   Initialise\n  reset  Reset\n', { path: ['pack'] }), ['pack'])).toBe(false);
    expect(silentOnCommands(parseHelp(helpText('gnu/ls.txt'), { path: ['ls'] }), ['ls'])).toBe(false);
  });
});
