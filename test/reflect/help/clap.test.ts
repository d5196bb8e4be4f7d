import { describe, expect, it } from 'vitest';
import { parseClap } from '../../../src/reflect/help/clap.js';
import { helpText, optionLines, positionalLines } from './summary.js';

describe('parsing clap help', () => {
  it('when `cargo --help` is read then commands keep their aliases and `...` is not a command', () => {
    const cargo = parseClap(helpText('clap/cargo.txt'), { path: ['cargo'] });
    expect(cargo.subcommands.map((entry) => entry.name)).toEqual(['build', 'check', 'clean', 'doc', 'new', 'init', 'add', 'remove', 'run', 'test', 'bench', 'update', 'search', 'publish', 'install', 'uninstall']);
    expect(cargo.subcommands[0]).toEqual({ name: 'build', description: 'Compile the current package', aliases: ['b'] });
    expect(cargo.description).toBe("Rust's package manager");
  });

  it('when options print `[possible values: …]` and counting flags (`--verbose...`) then choices and counters are read', () => {
    const cargo = parseClap(helpText('clap/cargo.txt'), { path: ['cargo'] });
    expect(optionLines(cargo.options)).toEqual([
      'list: --list boolean',
      'explain: --explain string',
      'verbose: --verbose integer',
      'quiet: --quiet boolean',
      'color: --color string {auto|always|never}',
      'C: -C string',
      'locked: --locked boolean',
      'offline: --offline boolean',
      'frozen: --frozen boolean',
      'config: --config string',
      'Z: -Z string',
    ]);
  });

  it('when options sit under custom headings (Package Selection:, …) then all of them are read', () => {
    const build = parseClap(helpText('clap/cargo-build.txt'), { path: ['cargo', 'build'] });
    const lines = optionLines(build.options);
    expect(lines).toHaveLength(38); // 7 + 4 + 10 + 3 + 9 + 5 under six headings, help left out
    expect(lines).toEqual(expect.arrayContaining([
      'message-format: --message-format string {human|short|json|json-diagnostic-short|json-diagnostic-rendered-ansi|json-render-diagnostics}',
      'package: --package string value-optional',
      'jobs: --jobs integer',
      'default-features: (no flag) boolean =true off:--no-default-features',
      'manifest-path: --manifest-path string',
    ]));
    expect(build.positionals).toEqual([]);
  });

  it('when an Arguments: section lists `<PATH>` then it is a required positional', () => {
    const created = parseClap(helpText('clap/cargo-new.txt'), { path: ['cargo', 'new'] });
    expect(positionalLines(created.positionals)).toBe('<path>');
    expect(optionLines(created.options).slice(0, 4)).toEqual([
      'vcs: --vcs string {git|hg|pijul|fossil|none}',
      'bin: --bin boolean',
      'lib: --lib boolean',
      'edition: --edition string {2015|2018|2021|2024}',
    ]);
  });

  it('when clap 2 prints ARGS:, FLAGS: and OPTIONS: with `[default: x]` then they are read too', () => {
    const text = [
      'grepper 1.0', '', 'USAGE:', '    grepper [FLAGS] [OPTIONS] <PATTERN> [FILES]...', '',
      'FLAGS:', '    -h, --help       Prints help information', '    -i, --ignore     Ignore case', '',
      'OPTIONS:', '    -n, --max <N>    Stop after N [default: 10]', '',
      'ARGS:', '    <PATTERN>     What to find', '    <FILES>...    Where to look',
    ].join('\n');
    const page = parseClap(text, { path: ['grepper'] });
    expect(optionLines(page.options)).toEqual(['ignore: --ignore boolean', 'max: --max integer =10']);
    expect(positionalLines(page.positionals)).toBe('<pattern> <files...>');
  });
});
