import { describe, expect, it } from 'vitest';
import { CliMcpError } from '../../src/errors.js';
import { hardenInput, hardenInputMiddleware } from '../../src/middleware/harden-input.js';
import { contextFor, option, positional, runnable, toolFor } from '../helpers/commands.js';

const twoLines = 'Fix the parser\n\nIt read past the end.';
const allowed = (raw: unknown, multilineFlags: readonly string[], tool?: string) => hardenInput(raw, { multilineFlags }, tool).ok;
const messageOf = (raw: unknown, multilineFlags: readonly string[], tool?: string): string => {
  const outcome = hardenInput(raw, { multilineFlags }, tool);
  if (outcome.ok) throw new Error('expected a refusal');
  return outcome.message;
};

describe('multilineFlags', () => {
  it('when no entry is given then a line feed is refused in every value (the strict default)', () => {
    expect(allowed({ flags: { message: twoLines } }, [], 'git_commit')).toBe(false);
  });

  it.each([
    ['the flag name, for every tool', ['message'], 'git_commit'],
    ['the tool and the flag', ['git_commit.message'], 'git_commit'],
    ['the flag name, with no tool known', ['message'], undefined],
  ])('when the entry is %s then a line feed in that flag passes', (_, entries, tool) => {
    expect(hardenInput({ flags: { message: twoLines } }, { multilineFlags: entries }, tool)).toEqual({ ok: true, input: { flags: { message: twoLines } } });
  });

  it('when the entry names another tool then the flag stays one line, and the refusal names the entry for this tool', () => {
    expect(messageOf({ flags: { message: twoLines } }, ['git_tag.message'], 'git_commit')).toBe(
      'flags.message: contains a line feed (\\n); values must be one line; to allow several lines here, start the server with --allow-multiline git_commit.message (inputLimits.multilineFlags: ["git_commit.message"] in the library)',
    );
  });

  it('when one flag is allowed then the other flags of the same call stay one line', () => {
    expect(messageOf({ flags: { message: twoLines, author: 'a\nb' } }, ['message'], 'git_commit')).toMatch(/^flags\.author: contains a line feed/);
  });

  it('when an allowed flag is an array then each item may hold line feeds', () => {
    expect(allowed({ flags: { message: ['subject', 'body\nmore'] } }, ['message'], 'git_commit')).toBe(true);
  });

  it.each([
    ['a carriage return', 'a\r\nb', 'flags.message: contains a carriage return (\\r); end lines with \\n alone'],
    ['a NUL', 'a\n\0', 'flags.message: contains a NUL character (\\0); a command line cannot carry it'],
  ])('when an allowed flag holds %s then it is still refused', (_, value, message) => {
    expect(messageOf({ flags: { message: value } }, ['message'], 'git_commit')).toBe(message);
  });

  it('when a flag is allowed then a key holding a line feed is still refused', () => {
    expect(messageOf({ flags: { 'message\nx': 'y' } }, ['message'], 'git_commit')).toMatch(/^flags key "message\\nx": contains a line feed/);
  });

  it('when positionals are named as args (for every tool or for one) then each positional may hold line feeds', () => {
    expect(allowed({ args: ['one', twoLines] }, ['args'], 'notes_add')).toBe(true);
    expect(allowed({ args: [twoLines] }, ['notes_add.args'], 'notes_add')).toBe(true);
    expect(messageOf({ args: [twoLines] }, ['message'], 'notes_add')).toMatch(/^args\[0\]: .* --allow-multiline notes_add\.args /);
  });

  it('when the passthrough words are named then they may hold line feeds', () => {
    expect(allowed({ passthrough: ['sh', '-c', 'echo a\necho b'] }, ['kubectl_exec.passthrough'], 'kubectl_exec')).toBe(true);
  });

  it('when a flag is allowed then a positional stays one line', () => {
    expect(allowed({ flags: { message: twoLines }, args: ['a\nb'] }, ['message'], 'git_commit')).toBe(false);
  });

  it('when a value nests an object under an allowed flag then the object\'s strings stay one line', () => {
    expect(allowed({ flags: { message: [{ text: 'a\nb' }] } }, ['message'], 'git_commit')).toBe(false);
  });

  it.each([[''], ['.message'], ['git_commit.'], ['two words'], [3]])('when an entry is %j then it throws invalid-option naming multilineFlags', (entry) => {
    expect(() => hardenInput({}, { multilineFlags: [entry as string] })).toThrow(CliMcpError);
    expect(() => hardenInputMiddleware({ multilineFlags: [entry as string] })).toThrow(/multilineFlags entries must be flag names/);
  });
});

describe('hardenInputMiddleware with multilineFlags', () => {
  const tool = toolFor(runnable({ path: ['git', 'commit'], options: [option('message', 'string')], positionals: [positional('pathspec', { variadic: true })] }));

  it('when the entry names the call\'s tool and flag then the value passes to the next layer unchanged', async () => {
    const ctx = contextFor(tool, { flags: { message: twoLines } });
    let nexts = 0;
    await hardenInputMiddleware({ multilineFlags: ['git_commit.message'] })(ctx, async () => void (nexts += 1));
    expect(nexts).toBe(1);
    expect(ctx.rawInput).toEqual({ flags: { message: twoLines } });
  });

  it('when no entry names it then the call ends with a message naming the option to set for this tool', async () => {
    const ctx = contextFor(tool, { flags: { message: twoLines } });
    await hardenInputMiddleware()(ctx, async () => {});
    expect(ctx.result?.isError).toBe(true);
    expect(ctx.result?.message).toContain('--allow-multiline git_commit.message');
  });
});
