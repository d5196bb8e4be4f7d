import { describe, expect, it } from 'vitest';
import { riskOf } from '../../src/middleware/risk.js';
import { runnable } from '../helpers/commands.js';

const at = (...path: string[]) => runnable({ path });

describe('riskOf', () => {
  it.each([
    [['kubectl', 'get'], 'read-only'],
    [['kubectl', 'describe'], 'read-only'],
    [['todo', 'list'], 'read-only'],
    [['git', 'show'], 'read-only'],
    [['todo', 'remove'], 'destructive'],
    [['kubectl', 'delete'], 'destructive'],
    [['docker', 'rm'], 'destructive'],
    [['db', 'table', 'drop'], 'destructive'],
    [['todo', 'add'], 'write'],
    [['kubectl', 'apply'], 'write'],
    [['get'], 'write'],
  ] as const)('when the command is %j then its risk by name is %s', (path, risk) => {
    expect(riskOf(at(...path))).toBe(risk);
  });

  it('when the last known verb is destructive then it wins over an earlier read-only one', () => {
    expect(riskOf(at('tool', 'list', 'purge'))).toBe('destructive');
    expect(riskOf(at('tool', 'delete', 'status'))).toBe('read-only');
  });

  it('when annotations say so then they win over the name', () => {
    expect(riskOf(runnable({ path: ['todo', 'list'], annotations: { destructiveHint: true } }))).toBe('destructive');
    expect(riskOf(runnable({ path: ['todo', 'remove'], annotations: { readOnlyHint: true } }))).toBe('read-only');
  });

  it('when overrides name the command (with or without the program) or a function decides then they win over everything', () => {
    const remove = runnable({ path: ['todo', 'remove'], annotations: { destructiveHint: true } });
    expect(riskOf(remove, { 'todo remove': 'write' })).toBe('write');
    expect(riskOf(remove, { remove: 'read-only' })).toBe('read-only');
    expect(riskOf(remove, () => 'write')).toBe('write');
    expect(riskOf(remove, () => undefined)).toBe('destructive');
  });
});
