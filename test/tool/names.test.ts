import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isCliMcpError } from '../../src/errors.js';
import { assignToolNames, toolNameMap } from '../../src/tool/names.js';
import type { RunnableCommand } from '../../src/types.js';

const cmd = (...path: string[]): RunnableCommand => ({ path, options: [], positionals: [] });
const hash = (path: readonly string[]): string => createHash('sha256').update(path.join(' ')).digest('hex').slice(0, 8);
const names = (commands: RunnableCommand[], prefix?: string): string[] =>
  assignToolNames(commands, prefix === undefined ? undefined : { prefix }).map((n) => n.name);

describe('naming tools after command paths', () => {
  it.each<[string, string[], string | undefined, string]>([
    ['the path is joined with underscores', ['kubectl', 'get', 'pods'], undefined, 'kubectl_get_pods'],
    ['underscores and hyphens are kept', ['my-cli', 'set_value'], undefined, 'my-cli_set_value'],
    ['each run of other characters becomes one underscore', ['tool', 'a.b:c', 'x y!!z'], undefined, 'tool_a_b_c_x_y_z'],
    ['non-ASCII letters are replaced', ['tool', 'café'], undefined, 'tool_caf_'],
    ['a prefix replaces the root word', ['kubectl', 'get', 'pods'], 'k8s', 'k8s_get_pods'],
    ['an empty prefix drops the root word', ['kubectl', 'get', 'pods'], '', 'get_pods'],
    ['an empty prefix on a root-only tool keeps the root name', ['kubectl'], '', 'kubectl'],
    ['a prefix on a root-only tool is the whole name', ['kubectl'], 'k8s', 'k8s'],
    ['a prefix is sanitised too', ['kubectl', 'get'], 'my tool', 'my_tool_get'],
  ])('when %s', (_title, path, prefix, expected) => {
    expect(names([cmd(...path)], prefix)).toEqual([expected]);
  });

  it('when a name is longer than 60 characters (the default) then it is cut and ends with a hash of the path', () => {
    const path = ['tool', 'x'.repeat(80)];
    const [name] = names([cmd(...path)]);
    expect(name).toHaveLength(60);
    expect(name).toBe(`tool_${'x'.repeat(46)}_${hash(path)}`);
  });

  it('when two long names share their first 60 characters then they stay unique', () => {
    const long = 'y'.repeat(70);
    const result = names([cmd('tool', `${long}a`), cmd('tool', `${long}b`)]);
    expect(new Set(result).size).toBe(2);
    for (const name of result) expect(name.length).toBeLessThanOrEqual(60);
  });

  it('when a name is exactly 60 characters then it is kept whole, and one of 61 is cut', () => {
    const path = ['t', 'z'.repeat(58)];
    expect(names([cmd(...path)])).toEqual([path.join('_')]);
    expect(names([cmd('t', 'z'.repeat(59))])[0]).toHaveLength(60);
  });

  it('when the longest name is set to 64 then a 64-character name is kept whole and a longer one is cut to 64', () => {
    const path = ['t', 'z'.repeat(62)];
    expect(assignToolNames([cmd(...path)], { maxLength: 64 }).map((n) => n.name)).toEqual([path.join('_')]);
    expect(assignToolNames([cmd('t', 'z'.repeat(70))], { maxLength: 64 })[0]?.name).toHaveLength(64);
  });

  it.each([15, 65, 1.5])('when the longest name is set to %s then naming refuses it, saying the range', (maxLength) => {
    expect(() => assignToolNames([cmd('t')], { maxLength })).toThrow(/maxToolNameLength must be a whole number from 16 to 64/);
  });

  it('when two different paths give the same name then both get a hash suffix, whatever the input order', () => {
    const ab = cmd('a_b', 'c');
    const bc = cmd('a', 'b_c');
    const other = cmd('a', 'd');
    const forward = assignToolNames([ab, bc, other]);
    const backward = assignToolNames([other, bc, ab]);
    expect(forward.map((n) => n.name)).toEqual([`a_b_c_${hash(ab.path)}`, `a_b_c_${hash(bc.path)}`, 'a_d']);
    expect(new Map(backward.map((n) => [n.command, n.name]))).toEqual(new Map(forward.map((n) => [n.command, n.name])));
  });

  it('when sanitising makes two paths collide then both get a hash suffix', () => {
    expect(names([cmd('t', 'a.b'), cmd('t', 'a:b')])).toEqual([
      `t_a_b_${hash(['t', 'a.b'])}`,
      `t_a_b_${hash(['t', 'a:b'])}`,
    ]);
  });

  it('when colliding names are long then the suffixed names stay within 60 characters', () => {
    const word = 'w'.repeat(56);
    const result = names([cmd(`${word}_x`, 'y'), cmd(word, 'x_y')]);
    expect(new Set(result).size).toBe(2);
    for (const name of result) expect(name.length).toBeLessThanOrEqual(60);
  });

  it('when names differ only in case then they are distinct and unsuffixed', () => {
    expect(names([cmd('t', 'Get'), cmd('t', 'get')])).toEqual(['t_Get', 't_get']);
  });

  it('when commands are named then the output follows the input order and pairs each with its command', () => {
    const commands = [cmd('t', 'z'), cmd('t'), cmd('t', 'a')];
    const named = assignToolNames(commands);
    expect(named.map((n) => n.name)).toEqual(['t_z', 't', 't_a']);
    expect(named.map((n) => n.command)).toEqual(commands);
  });

  it('when the same path appears twice then naming fails with a collision error', () => {
    let error: unknown;
    try {
      assignToolNames([cmd('t', 'x'), cmd('t', 'x')]);
    } catch (caught) {
      error = caught;
    }
    expect(isCliMcpError(error) && error.code).toBe('cli-mcp.tool-name-collision');
  });

  it('when a map is built then each name leads back to its command', () => {
    const get = cmd('kubectl', 'get');
    const map = toolNameMap(assignToolNames([get, cmd('kubectl', 'apply')]));
    expect(map.get('kubectl_get')).toBe(get);
    expect([...map.keys()]).toEqual(['kubectl_get', 'kubectl_apply']);
  });
});
