import { describe, expect, it } from 'vitest';
import { detectDialect } from '../../../src/reflect/help/detect.js';
import { helpText } from './summary.js';

describe('detecting the dialect of a help text', () => {
  it.each([
    ['cobra/kubectl.txt', 'cobra'],
    ['cobra/kubectl-get.txt', 'cobra'],
    ['cobra/kubectl-version.txt', 'cobra'],
    ['cobra/kubectl-config.txt', 'cobra'],
    ['cobra/docker.txt', 'cobra'],
    ['cobra/docker-ps.txt', 'cobra'],
    ['git/git.txt', 'git'],
    ['git/git-log.txt', 'git'],
    ['git/git-commit.txt', 'git'],
    ['git/git-remote.txt', 'git'],
    ['git/git-help-tag.txt', 'git'],
    ['gnu/ls.txt', 'gnu'],
    ['gnu/grep.txt', 'gnu'],
    ['argparse/http-server.txt', 'argparse'],
    ['argparse/deploy.txt', 'argparse'],
    ['argparse/deploy-release.txt', 'argparse'],
    ['click/todo.txt', 'click'],
    ['click/todo-add.txt', 'click'],
    ['clap/cargo.txt', 'clap'],
    ['clap/cargo-build.txt', 'clap'],
    ['clap/cargo-new.txt', 'clap'],
    ['goflag/terraform.txt', 'goflag'],
    ['goflag/terraform-fmt.txt', 'goflag'],
    ['goflag/terraform-plan.txt', 'goflag'],
    ['goflag/terraform-state.txt', 'goflag'],
    ['goflag/terraform-workspace.txt', 'goflag'],
    ['goflag/terraform-workspace-new.txt', 'goflag'],
    ['goflag/terraform-version.txt', 'goflag'],
    ['commander/knex.txt', 'gnu'],
    ['commander/knex-migrate-make.txt', 'gnu'],
    ['optparse/pip.txt', 'gnu'],
    ['optparse/pip-show.txt', 'gnu'],
    ['cobra/kubectl-cluster-info.txt', 'cobra'],
    ['clap/fd.txt', 'clap'], // clap 3: `Print help information`, with only weak marks beside it
    ['cobra/gh.txt', 'cobra'], // gh's root page: `Use 'gh <command> <subcommand> --help'`
    ['layouts/flex.txt', 'gnu'], // `-Ca, --align` line after line, but getopt_long's `--tables-file[=FILE]`, which Go's flag never writes
    ['layouts/jake.txt', 'gnu'], // one `-ar,     --allow-rejection` is no Go flag help (shfmt writes such pairs line after line)
  ])('when the text is %s then the dialect is %s', (name, dialect) => {
    expect(detectDialect(helpText(name))).toBe(dialect);
  });

  it('when clap 2 prints USAGE:/FLAGS:/SUBCOMMANDS: then it is clap', () => {
    const text = ['tool 1.0', '', 'USAGE:', '    tool [FLAGS] <FILE>', '', 'FLAGS:', '    -h, --help       Prints help information', '', 'ARGS:', '    <FILE>    input'].join('\n');
    expect(detectDialect(text)).toBe('clap');
  });

  it('when no convention is recognised then the text is read as GNU getopt help', () => {
    expect(detectDialect('frobnicate: does things\n\n  -x   be extreme\n')).toBe('gnu');
    expect(detectDialect('')).toBe('gnu');
  });
});
