import { describe, expect, it } from 'vitest';
import { parseArgparse } from '../../../src/reflect/help/argparse.js';
import { helpText, optionLines, positionalLines } from './summary.js';

describe('parsing Python argparse help', () => {
  it('when `python3 -m http.server --help` is read then options, the optional port and its integer default are found', () => {
    const page = parseArgparse(helpText('argparse/http-server.txt'), { path: ['server.py'] });
    expect(optionLines(page.options)).toEqual(['cgi: --cgi boolean', 'bind: --bind string', 'directory: --directory string', 'protocol: --protocol string ="HTTP/1.0"']);
    expect(positionalLines(page.positionals)).toBe('[port:integer=8000]');
    expect(page.positionals[0]?.description).toBe('bind to this port (default: 8000)');
  });

  it('when a default is prose ("default: all interfaces") then no default is published', () => {
    const page = parseArgparse(helpText('argparse/http-server.txt'), { path: ['server.py'] });
    expect(page.options.find((option) => option.name === 'bind')?.default).toBeUndefined();
  });

  it('when subparsers are listed as `{release,status}` with entries below then they are subcommands, not a positional', () => {
    const page = parseArgparse(helpText('argparse/deploy.txt'), { path: ['deploy'] });
    expect(page.subcommands).toEqual([
      { name: 'release', description: 'release a build' },
      { name: 'status', description: 'show what runs where' },
    ]);
    expect(page.positionals).toEqual([]);
    expect(page.description).toBe('Ship builds to servers.');
  });

  it('when options use `{a,b}` choices and BooleanOptionalAction then choices and negations are read', () => {
    const page = parseArgparse(helpText('argparse/deploy.txt'), { path: ['deploy'] });
    expect(optionLines(page.options)).toEqual([
      'verbose: --verbose boolean',
      'region: --region string {eu|us|ap} ="eu"',
      'color: --color boolean off:--no-color',
    ]);
  });

  it('when the usage shows a flag outside brackets and `x [x ...]` then the flag is required and x takes one or more', () => {
    const page = parseArgparse(helpText('argparse/deploy-release.txt'), { path: ['deploy', 'release'] });
    expect(optionLines(page.options)).toEqual([
      'retries: --retries integer =3',
      'token: --token string required',
      'tag: --tag string',
      'mode: --mode string {fast|safe}',
      'note: --note string value-optional',
    ]);
    expect(positionalLines(page.positionals)).toBe('<build> <targets...>');
    expect(page.positionals.map((positional) => positional.description)).toEqual(['the build id', 'servers to ship to']);
  });

  it('when Python before 3.10 titles the options "optional arguments:" then they are read all the same', () => {
    const text = ['usage: old.py [-h] [--level N] name', '', 'positional arguments:', '  name       who', '', 'optional arguments:', '  -h, --help  show this help message and exit', '  --level N   how much (default: 2)'].join('\n');
    const page = parseArgparse(text, { path: ['old.py'] });
    expect(optionLines(page.options)).toEqual(['level: --level integer =2']);
    expect(positionalLines(page.positionals)).toBe('<name>');
  });
});
