import { describe, expect, it } from 'vitest';
import { parseClick } from '../../../src/reflect/help/click.js';
import { helpText, optionLines, positionalLines } from './summary.js';

describe('parsing click help', () => {
  const root = parseClick(helpText('click/todo.txt'), { path: ['todo'] });
  const add = parseClick(helpText('click/todo-add.txt'), { path: ['todo', 'add'] });

  it('when click brackets metadata (`[default: 20; 1<=x<=100]`, `[env var: X; required]`) then each part is read', () => {
    expect(optionLines(root.options)).toEqual([
      'file: --file string ="~/.todo.json"',
      'verbose: --verbose boolean',
      'color: --color boolean off:--no-color',
      'format: --format string {table|json|yaml} ="table"',
      'limit: --limit integer =20',
      'token: --token string required env:TODO_TOKEN',
    ]);
  });

  it('when the usage is `[OPTIONS] COMMAND [ARGS]...` then Commands: are subcommands and the root takes no positionals', () => {
    expect(root.subcommands.map((entry) => entry.name)).toEqual(['add', 'done', 'list']);
    expect(root.positionals).toEqual([]);
    expect(root.description).toBe('A tiny to-do manager.\n\nTasks live in one JSON file.');
  });

  it('when a choice placeholder is too long for its column then the description on the next line still belongs to it', () => {
    expect(optionLines(add.options)).toEqual([
      'priority: --priority string {low|normal|high} ="normal"',
      'due: --due string',
      'ratio: --ratio number',
    ]);
    expect(add.options[0]?.description).toBe('How urgent it is.  [default: normal]');
  });

  it('when positionals are named in capitals (`TITLE [TAGS]...`) then they are read from the usage', () => {
    expect(positionalLines(add.positionals)).toBe('<title> [tags...]');
  });

  it('when a switch pairs two names (black\'s `--fast / --safe`) then the second turns it off, and is no alias of the first', () => {
    const black = parseClick(helpText('click/black.txt'), { path: ['black'] });
    expect(black.options.find((option) => option.name === 'fast')).toMatchObject({ type: 'boolean', flag: '--fast', negation: '--safe' });
    expect(black.options.find((option) => option.name === 'fast')?.aliases).toBeUndefined();
  });
});
