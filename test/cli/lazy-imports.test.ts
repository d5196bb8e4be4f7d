import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scratchMaker } from '../helpers/scratch.js';

// Spawns the built CLI: `npm run build` first.
const repo = fileURLToPath(new URL('../../', import.meta.url));
const bin = path.join(repo, 'dist', 'cli', 'bin.js');
const todo = path.join(repo, 'examples', 'todo', 'todo.js');
const scratch = scratchMaker('cli-mcp-lazy-imports-');

/** Starts `cli-mcp wrap todo.js` over stdio with a loader hook that logs every module it loads; resolves with them once tools/list is answered. */
async function modulesToFirstList(): Promise<{ modules: string[]; tools: number }> {
  const dir = scratch();
  const log = path.join(dir, 'modules.txt');
  writeFileSync(path.join(dir, 'hooks.mjs'), `import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) { appendFileSync(${JSON.stringify(log)}, url + '\\n'); return next(url, context); }\n`);
  writeFileSync(path.join(dir, 'register.mjs'), `import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);\n`);
  const child = spawn(process.execPath, ['--import', path.join(dir, 'register.mjs'), bin, 'wrap', todo], { cwd: dir, stdio: ['pipe', 'pipe', 'ignore'] });
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
  }).finally(() => child.kill());
  return { modules: readFileSync(log, 'utf8').trim().split('\n').flatMap(sourcesOf), tools };
}

/** The bin is bundled: a loaded file of it stands for the source modules it holds (scripts/bundle.mjs's metafile). */
function sourcesOf(url: string): string[] {
  if (!url.startsWith('file:')) return [url];
  const file = path.relative(repo, fileURLToPath(url));
  const held = bundle.outputs[file]?.inputs;
  return held === undefined ? [url] : Object.keys(held).map((input) => `bundled:${input}`);
}
const bundle = JSON.parse(readFileSync(path.join(repo, 'dist', 'bundle-meta.json'), 'utf8')) as { outputs: Record<string, { inputs: Record<string, unknown> }> };

describe('what `cli-mcp wrap` loads to serve stdio', () => {
  it('when a target is served over stdio then the modules only other flags use (HTTP, auth, Redis, policies, install, export, watch) are never loaded', async () => {
    const { modules, tools } = await modulesToFirstList();
    expect(tools).toBe(11);
    // The hook saw the path that serves: the CLI, the SDK's stdio server; and nothing of ajv, which the bundle leaves out.
    expect(modules).toContain('bundled:src/cli/main.ts');
    expect(modules.some((url) => url.startsWith('bundled:node_modules/@modelcontextprotocol/server/dist/stdio'))).toBe(true);
    const unused = [/node_modules\/(hono|@hono\/node-server|@modelcontextprotocol\/node|jose|ioredis|rate-limiter-flexible|ajv)\//, /src\/(server\/http|store\/redis|cli\/watch|cli\/run-export|cli\/install\/run)\.ts$/, /src\/(http|policy|export)\//, /ajvProvider/];
    expect(modules.filter((url) => unused.some((pattern) => pattern.test(url)))).toEqual([]);
  }, 30_000);
});
