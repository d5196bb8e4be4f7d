import { describe, expect, it } from 'vitest';
import { toOpenAi, type OpenAiChatTool } from '../../src/export/openai.js';
import { toolCaller, withoutNulls } from '../../src/export/tool-caller.js';
import { scratchMaker } from '../helpers/scratch.js';
import { todoTools } from './listed.js';

const scratch = scratchMaker('cli-mcp-export-caller-');

describe('toolCaller', () => {
  it('when a model sends an OpenAI strict call with nulls for the flags it leaves out then the real todo CLI runs and its output comes back', async () => {
    const tools = await todoTools(scratch());
    const call = toolCaller(tools);
    // The arguments exactly as a strict-mode model must send them: every property present, the unused ones null.
    const strict = (toOpenAi(tools.catalog.listed).tools as OpenAiChatTool[]).find((tool) => tool.function.name === 'todo_add');
    const flags = Object.fromEntries(Object.keys((strict?.function.parameters.properties as { flags: { properties: object } }).flags.properties).map((name) => [name, null]));
    const added = await call('todo_add', JSON.stringify({ flags: { ...flags, priority: 'high' }, args: ['Buy milk', 'shopping'] }));
    expect(added.isError, added.text).toBe(false);
    expect(added.structured).toMatchObject({ exitCode: 0 });

    const listed = await call('todo_list', { flags: { json: true, status: null, limit: null }, args: null });
    expect(listed.isError, listed.text).toBe(false);
    expect(listed.structured?.json).toEqual([expect.objectContaining({ title: 'Buy milk', priority: 'high', tags: ['shopping'] })]);
    // The JSON's exact text is the model's text; structured output has it parsed, not again as stdout.
    expect(JSON.parse(listed.text)).toEqual(listed.structured?.json);
    expect(listed.structured).not.toHaveProperty('stdout');
  });

  it('when the arguments are not JSON then the model is told so, as an error result, and nothing runs', async () => {
    const call = toolCaller(await todoTools(scratch()));
    const outcome = await call('todo_list', '{"flags": ');
    expect(outcome.isError).toBe(true);
    expect(outcome.text).toMatch(/^The arguments of todo_list are not valid JSON: /);
  });

  it('when a tool name is unknown then the answer is an error result naming the near tools', async () => {
    const call = toolCaller(await todoTools(scratch()));
    const outcome = await call('todo_lst', {});
    expect(outcome.isError).toBe(true);
    expect(outcome.text).toContain('todo_list');
  });

  it('when a property\'s schema takes null then its null is kept, and items of arrays are never touched', () => {
    const schema = { type: 'object', properties: { exit: { type: ['integer', 'null'] }, flags: { type: 'object', properties: { a: { type: 'string' } } } } };
    expect(withoutNulls({ exit: null, gone: null, flags: { a: null, b: 1 }, list: [null] }, schema)).toEqual({ exit: null, flags: { b: 1 }, list: [null] });
  });
});
