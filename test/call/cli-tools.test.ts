import { beforeAll, describe, expect, it } from 'vitest';
import type { Launcher } from '../../src/exec/launcher.js';
import { postRun, preRun } from '../../src/middleware/pre-post.js';
import { allowCommands } from '../../src/tool/select.js';
import { timeout } from '../../src/middleware/timeout.js';
import type { Middleware } from '../../src/middleware/context.js';
import { reflectCommander } from '../../src/reflect/commander.js';
import { createCliTools } from '../../src/call/cli-tools.js';
import type { CommandSpec } from '../../src/types.js';
import { oracleProgram, spec } from '../helpers/commands.js';

const oracle: Launcher = { file: process.execPath, prefixArgs: ['test/fixtures/oracle/oracle.js'] };
const missing: Launcher = { file: '/nonexistent/cli-mcp-missing', prefixArgs: [] };
/** Node running a script; the command's argv lands after `--`, where the script ignores it. */
const script = (code: string): Launcher => ({ file: process.execPath, prefixArgs: ['-e', code, '--'] });
const sleeper = script('setTimeout(() => {}, 10000)');

let root: CommandSpec;
beforeAll(async () => {
  root = reflectCommander(await oracleProgram());
});

describe('createCliTools', () => {
  it('when a good call is made then the CLI runs and its output comes back without error', async () => {
    const tools = createCliTools(root, { callLog: false, launcher: oracle });
    const result = await tools.call('oracle_group_leaf', { flags: { global: 'g', level: 3 }, args: ['a', 'b'] });
    expect(result.isError).toBe(false);
    expect(result.output).toMatchObject({ exitCode: 0, timedOut: false, truncated: false });
    expect(JSON.parse(result.output?.stdout ?? '')).toEqual({ path: ['oracle', 'group', 'leaf'], args: ['a', 'b'], opts: { global: 'g', level: 3 } });
  });

  it('when tools are listed then find returns each by name and undefined for others', () => {
    const tools = createCliTools(root, { callLog: false, launcher: oracle });
    expect(tools.tools.map((tool) => tool.name)).toEqual(['oracle_kinds', 'oracle_group_leaf', 'oracle_under_score-name']);
    expect(tools.find('oracle_kinds')?.command.path).toEqual(['oracle', 'kinds']);
    expect(tools.find('oracle_group')).toBeUndefined();
  });

  it('when the tool name is unknown then the result is an error naming it', async () => {
    const result = await createCliTools(root, { callLog: false, launcher: oracle }).call('oracle_nope', {});
    expect(result).toEqual({ isError: true, message: 'Unknown tool "oracle_nope".' });
  });

  it('when the input is invalid then validation answers before anything is spawned', async () => {
    const tools = createCliTools(root, { callLog: false, launcher: missing });
    const refused = await tools.call('oracle_group_leaf', { flags: { level: 'high' }, args: ['a'] });
    expect(refused.isError).toBe(true);
    expect(refused.message).toMatch(/^Invalid arguments for oracle_group_leaf:\n- flags\.level: /);
    expect(refused.output).toBeUndefined();
    // The same launcher does try to spawn once the input is good.
    expect((await tools.call('oracle_group_leaf', { args: ['a'] })).message).toMatch(/^Could not start "\/nonexistent\/cli-mcp-missing"/);
  });

  it('when the executable does not exist then the result is an isError "Could not start" naming it', async () => {
    const result = await createCliTools(root, { callLog: false, launcher: missing }).call('oracle_kinds', {});
    expect(result.isError).toBe(true);
    expect(result.message).toMatch(/^Could not start "\/nonexistent\/cli-mcp-missing": .*\(ENOENT\)/);
    expect(result.message?.match(/Could not start/g)).toHaveLength(1);
    expect(result.output).toBeUndefined();
  });

  it('when global and selector middleware are given then they run global first, selector inside, validated input seen', async () => {
    const log: string[] = [];
    const layer =
      (name: string): Middleware =>
      async (ctx, next) => {
        log.push(`${name}:before ${JSON.stringify(ctx.input)}`);
        await next();
        log.push(`${name}:after ${ctx.result?.isError}`);
      };
    const tools = createCliTools(root, {
      callLog: false,
      launcher: oracle,
      middleware: [layer('global')],
      selectors: [{ commands: allowCommands('group leaf'), middleware: [layer('selector')] }],
    });
    expect(tools.tools.map((tool) => tool.name)).toEqual(['oracle_group_leaf']);
    await tools.call('oracle_group_leaf', { args: ['a'] });
    expect(log).toEqual([
      'global:before {"flags":{},"args":["a"]}',
      'selector:before {"flags":{},"args":["a"]}',
      'selector:after false',
      'global:after false',
    ]);
  });

  it('when a PreRun leaves invalid input then the final re-check refuses it without spawning', async () => {
    const tools = createCliTools(root, {
      callLog: false,
      launcher: missing,
      middleware: [preRun((ctx) => void (ctx.input = { flags: { level: 'high' }, args: ['a'] }))],
    });
    const result = await tools.call('oracle_group_leaf', { args: ['a'] });
    expect(result.isError).toBe(true);
    expect(result.message).toMatch(/^Middleware left invalid input\.\nInvalid arguments for oracle_group_leaf:\n- flags\.level: /);
  });

  it('when a PreRun changes the input to something valid then the CLI gets the changed input', async () => {
    const tools = createCliTools(root, {
      callLog: false,
      launcher: oracle,
      middleware: [preRun((ctx) => void (ctx.input = { flags: { ...ctx.input.flags, level: 7 }, args: ctx.input.args }))],
    });
    const result = await tools.call('oracle_group_leaf', { args: ['a'] });
    expect(JSON.parse(result.output?.stdout ?? '').opts).toEqual({ level: 7 });
  });

  it('when a middleware throws then the call resolves to an isError result with the message', async () => {
    const tools = createCliTools(root, {
      callLog: false,
      launcher: missing,
      middleware: [
        async () => {
          throw new Error('kaput');
        },
      ],
    });
    await expect(tools.call('oracle_kinds', {})).resolves.toEqual({ isError: true, message: 'The call failed inside cli-mcp: kaput' });
  });

  it('when a middleware calls next twice then the call resolves to an isError result', async () => {
    const twice: Middleware = async (_ctx, next) => {
      await next();
      await next();
    };
    const result = await createCliTools(root, { callLog: false, launcher: oracle, middleware: [twice] }).call('oracle_kinds', {});
    expect(result.isError).toBe(true);
    expect(result.message).toContain('next() called more than once');
  });

  it('when no middleware produces a result then the call says so', async () => {
    const silent: Middleware = async () => {};
    const result = await createCliTools(root, { callLog: false, launcher: missing, middleware: [silent] }).call('oracle_kinds', {});
    expect(result).toMatchObject({ isError: true, message: expect.stringContaining('No middleware produced a result') });
  });

  it('when a PostRun replaces the result then the caller gets the replacement', async () => {
    const tools = createCliTools(root, { callLog: false, launcher: missing, middleware: [postRun((result) => ({ ...result, message: 'rewritten' }))] });
    expect(await tools.call('oracle_kinds', {})).toEqual({ isError: true, message: 'rewritten' });
  });

  it('when the CLI exits non-zero then the result is an error that keeps the output', async () => {
    const failing = script('process.stdout.write("partial"); process.stderr.write("boom"); process.exit(3)');
    const result = await createCliTools(spec('fail'), { callLog: false, launcher: failing }).call('fail', {});
    expect(result.isError).toBe(true);
    expect(result.output).toMatchObject({ exitCode: 3, stdout: 'partial', stderr: 'boom', timedOut: false });
  });

  it('when the timeoutMs option is set then a slow CLI is stopped and the result is a timed-out error', async () => {
    const started = Date.now();
    const result = await createCliTools(spec('slow'), { callLog: false, launcher: sleeper, timeoutMs: 300, killGraceMs: 200 }).call('slow', {});
    expect(result.isError).toBe(true);
    expect(result.output?.timedOut).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('when a timeout() middleware is given then it overrides the timeoutMs option', async () => {
    const started = Date.now();
    const tools = createCliTools(spec('slow'), { callLog: false, launcher: sleeper, timeoutMs: 60_000, killGraceMs: 200, middleware: [timeout(300)] });
    const result = await tools.call('slow', {});
    expect(result.output?.timedOut).toBe(true);
    expect(result.isError).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('when the call is aborted before it starts then nothing runs and the result is an error', async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await createCliTools(spec('slow'), { callLog: false, launcher: sleeper }).call('slow', {}, { signal: controller.signal });
    expect(result.isError).toBe(true);
    expect(result.output).toBeUndefined();
  });

  it.each([
    ['timeoutMs', { timeoutMs: 0 }],
    ['killGraceMs', { killGraceMs: -5 }],
    ['maxOutputBytes', { maxOutputBytes: Number.NaN }],
  ])('when %s is not a positive number then creation throws an invalid-option error naming it', (name, bad) => {
    expect(() => createCliTools(root, { callLog: false, launcher: oracle, ...bad })).toThrow(expect.objectContaining({ code: 'cli-mcp.invalid-option' }));
    expect(() => createCliTools(root, { callLog: false, launcher: oracle, ...bad })).toThrow(name);
  });
});
