import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scratchMaker } from '../helpers/scratch.js';

// Spawns the built CLI: `npm run build` first.
const repo = fileURLToPath(new URL('../../', import.meta.url));
const bin = path.join(repo, 'dist', 'cli', 'bin.js');
const bundleFile = path.join(repo, 'dist', 'cli', 'cli.cjs');
const todo = path.join(repo, 'examples', 'todo', 'todo.js');
const scratch = scratchMaker('cli-mcp-lazy-imports-');

interface Coverage {
  readonly result: readonly { readonly url: string; readonly functions: readonly { readonly functionName: string; readonly ranges: readonly { readonly count: number }[] }[] }[];
}

/**
 * Starts `cli-mcp wrap todo.js` over stdio under V8's coverage, ends it once tools/list is answered, and returns the files
 * it loaded and, for each module the bundle holds lazily (esbuild names its wrapper after the module), whether it ran.
 */
async function startToFirstList(): Promise<{ files: string[]; ran: Map<string, boolean>; tools: number }> {
  const dir = scratch();
  const coverage = path.join(dir, 'coverage');
  const child = spawn(process.execPath, [bin, 'wrap', todo], { cwd: dir, stdio: ['pipe', 'pipe', 'ignore'], env: { ...process.env, NODE_V8_COVERAGE: coverage } });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const tools = await new Promise<number>((resolve, reject) => {
    let buffer = '';
    child.on('exit', (code) => reject(new Error(`the server exited (${code}) before answering tools/list`)));
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
        const message = JSON.parse(buffer.slice(0, end)) as { id?: number; result?: { tools?: unknown[] } };
        buffer = buffer.slice(end + 1);
        if (message.id === 1) child.stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n{"jsonrpc":"2.0","id":2,"method":"tools/list"}\n');
        if (message.id === 2) resolve(message.result?.tools?.length ?? 0);
      }
    });
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } } })}\n`);
  });
  // The end of stdin ends the server, which writes its coverage as it exits.
  child.stdin.end();
  await exited;
  // Node hands NODE_V8_COVERAGE on to the processes the server starts (the load worker): only the server's own file counts.
  const own = readdirSync(coverage).filter((name) => name.startsWith(`coverage-${child.pid}-`));
  expect(own).toHaveLength(1);
  const scripts = own.flatMap((name) => (JSON.parse(readFileSync(path.join(coverage, name), 'utf8')) as Coverage).result);
  const files = scripts.map((script) => script.url).filter((url) => url.startsWith('file:')).map((url) => path.relative(repo, fileURLToPath(url)));
  const ran = new Map<string, boolean>();
  for (const fn of scripts.find((script) => script.url === `file://${bundleFile}`)?.functions ?? []) {
    if (/^(src|node_modules)\//.test(fn.functionName)) ran.set(fn.functionName, (fn.ranges[0]?.count ?? 0) > 0);
  }
  return { files, ran, tools };
}

/** The modules the bundle holds (scripts/bundle.mjs's metafile): each lazily, but for the few a start always runs. */
const held = Object.entries(
  (JSON.parse(readFileSync(path.join(repo, 'dist', 'bundle-meta.json'), 'utf8')) as { outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }> }).outputs['dist/cli/cli.cjs']?.inputs ?? {},
)
  .filter(([, input]) => input.bytesInOutput > 0)
  .map(([input]) => input);

describe('what `cli-mcp wrap` loads to serve stdio', () => {
  it('when a target is served over stdio then it loads the bundle alone, and never runs the modules only other flags use (HTTP, auth, Redis, policies, install, export, watch, manifests)', async () => {
    const { files, ran, tools } = await startToFirstList();
    expect(tools).toBe(11);
    // One file of cli-mcp's, the bundle, beside the bin that runs it; the program it serves is read in another process.
    expect(files.filter((file) => !file.startsWith('..'))).toEqual(['dist/cli/bin.js', 'dist/cli/cli.cjs']);
    // The path that serves ran: the SDK's stdio server and cli-mcp's.
    expect(ran.get('node_modules/@modelcontextprotocol/server/dist/stdio.mjs')).toBe(true);
    expect(ran.get('src/server/stdio.ts')).toBe(true);
    const unused = [/node_modules\/(hono|@hono\/node-server|@modelcontextprotocol\/node|jose|ioredis|rate-limiter-flexible)\//, /src\/(server\/http|store\/redis|cli\/watch|cli\/run-export|cli\/install\/run|reflect\/manifest(-check|-schema)?)\.ts$/, /src\/(http|policy|export)\//];
    const unusedHeld = held.filter((input) => unused.some((pattern) => pattern.test(input)));
    expect(unusedHeld.length).toBeGreaterThan(100);
    // Each is held lazily (a wrapper of its own, so a start can skip it) and none ran.
    expect(unusedHeld.filter((input) => ran.get(input) !== false)).toEqual([]);
    // ajv is not in the bundle at all: cli-mcp's servers check form answers with their own validator.
    expect(held.filter((input) => /node_modules\/ajv\/|ajvProvider/.test(input))).toEqual([]);
  }, 30_000);
});

describe('what a warm worker loads before its call', () => {
  it('when a warm worker has imported the program and waits in its parse() then the one file of cli-mcp it loaded is its preload', async () => {
    const dir = scratch();
    const coverage = path.join(dir, 'coverage');
    const preload = path.join(repo, 'dist', 'reflect', 'warm-worker.js');
    const child = spawn(process.execPath, ['--import', pathToFileURL(preload).href, todo], { cwd: dir, stdio: ['ignore', 'ignore', 'ignore', 'ignore', 'pipe'], env: { ...process.env, NODE_V8_COVERAGE: coverage } });
    const control = child.stdio[4] as Readable & Writable;
    const [ready] = (await once(control, 'data')) as [Buffer];
    expect(JSON.parse(ready.toString())).toHaveProperty('ready');
    // The pool gone without a call: the worker ends itself (SIGKILL, so no coverage); a call's end writes it.
    control.end('["list","--json"]\n');
    await once(child, 'exit');
    const scripts = readdirSync(coverage).flatMap((name) => (JSON.parse(readFileSync(path.join(coverage, name), 'utf8')) as Coverage).result);
    const files = scripts.map((script) => script.url).filter((url) => url.startsWith('file:')).map((url) => path.relative(repo, fileURLToPath(url)));
    expect(files).toContain('examples/todo/todo.js');
    expect(files.filter((file) => file.startsWith('dist/'))).toEqual(['dist/reflect/warm-worker.js']);
  }, 30_000);
});
