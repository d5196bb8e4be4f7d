import { describe, expect, it } from 'vitest';
import { withHandedOn } from '../../../src/reflect/python/handed-on.js';
import type { CommandSpec, OptionSpec } from '../../../src/types.js';

const command = (name: string, options: OptionSpec[], subcommands: CommandSpec[] = []): CommandSpec => ({ name, runnable: true, options, positionals: [], subcommands });

describe('options a parse_known_args program hands on (yq, tomlq: argparse wrapping jq)', () => {
  it('when its help documents options its parser lacks then they are added, and those it knows under any spelling are not', () => {
    const parsed = command('yq', [{ name: 'yaml-output', type: 'boolean', flag: '--yaml-output', aliases: ['-y'] }]);
    const help = command('yq', [
      { name: 'y', type: 'boolean', flag: '-y' },
      { name: 'yaml-output', type: 'string', flag: '--yaml-output' },
      { name: 'r', type: 'boolean', flag: '-r', description: 'output raw strings' },
    ]);
    const merged = withHandedOn(parsed, help);
    expect(merged.added).toBe(1);
    expect(merged.spec.options).toEqual([...parsed.options, { name: 'r', type: 'boolean', flag: '-r', description: 'output raw strings' }]);
  });

  it('when it has subcommands then each gets what the help of the command of its name documents', () => {
    const merged = withHandedOn(command('tool', [], [command('run', []), command('ls', [])]), command('tool', [], [command('run', [{ name: 'x', type: 'boolean', flag: '-x' }])]));
    expect(merged.added).toBe(1);
    expect(merged.spec.subcommands.map((sub) => sub.options.length)).toEqual([1, 0]);
  });
});
