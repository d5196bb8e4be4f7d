import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCommand } from '../../src/exec/spawn-command.js';
import { resolveSandbox, type Sandbox } from '../../src/exec/sandbox.js';

const connectFixture = fileURLToPath(new URL('../fixtures/sandbox/connect.js', import.meta.url));
const strict = resolveSandbox({ level: 'strict' });
// Outside /tmp, which strict replaces: a home with credentials, a working directory and a bystander directory.
let root: string;
let home: string;
let cwd: string;
let outside: string;
let server: Server;
let port: number;

beforeAll(async () => {
  root = mkdtempSync(join(existsSync('/var/tmp') ? '/var/tmp' : process.cwd(), 'cli-mcp-strict-'));
  home = join(root, 'home');
  cwd = join(root, 'work');
  outside = join(root, 'outside');
  for (const dir of [join(home, '.ssh'), join(home, '.kube'), cwd, outside]) mkdirSync(dir, { recursive: true });
  writeFileSync(join(home, '.ssh', 'id_ed25519'), 'PRIVATE KEY\n');
  writeFileSync(join(home, '.kube', 'config'), 'kube config\n');
  server = createServer((socket) => socket.end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(() => {
  server?.close();
  rmSync(root, { recursive: true, force: true });
});

async function sh(script: string, sandbox: Sandbox | undefined): Promise<string> {
  const outcome = await spawnCommand({ file: 'sh', args: ['-c', script], cwd, env: { PATH: '/usr/bin:/bin', HOME: home }, sandbox });
  if (outcome.kind !== 'ran') throw new Error(outcome.message);
  return outcome.output.stdout + outcome.output.stderr;
}

describe.runIf(strict !== undefined)('the strict sandbox', () => {
  it('when the command writes outside its working directory then the write fails and nothing appears', async () => {
    const said = await sh(`echo x > ${outside}/note && echo wrote`, strict);
    expect(said).toMatch(/Read-only file system/);
    expect(readdirSync(outside)).toEqual([]);
  });

  it('when the command writes in its working directory then the file is there afterwards', async () => {
    expect(await sh('echo x > made-here && echo wrote', strict)).toBe('wrote\n');
    expect(existsSync(join(cwd, 'made-here'))).toBe(true);
  });

  it('when the server has files in /tmp then the command sees an empty /tmp, and what it writes there vanishes', async () => {
    const mine = mkdtempSync(join(tmpdir(), 'cli-mcp-host-'));
    try {
      expect(await sh(`ls -A /tmp; echo secret > /tmp/left-behind-${process.pid}; echo done`, strict)).toBe('done\n');
      expect(existsSync(join('/tmp', `left-behind-${process.pid}`))).toBe(false);
    } finally {
      rmSync(mine, { recursive: true, force: true });
    }
  });

  it('when /tmp is not private (help crawls) then a program under /tmp still runs, and /tmp stays read-only', async () => {
    const shared = resolveSandbox({ level: 'strict', privateTmp: false });
    const dir = mkdtempSync(join(tmpdir(), 'cli-mcp-strict-tool-'));
    try {
      writeFileSync(join(dir, 'tool.sh'), 'echo from-tmp\n');
      expect(await sh(`sh ${join(dir, 'tool.sh')}; touch ${join(dir, 'x')} 2>/dev/null || echo read-only`, shared)).toBe('from-tmp\nread-only\n');
      expect(await sh(`sh ${join(dir, 'tool.sh')} 2>/dev/null || echo hidden`, strict)).toBe('hidden\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('when the program and the working directory are reached through a symlinked directory (a linked node_modules, /home on Silverblue) then it runs there', async () => {
    const real = join(root, 'real');
    mkdirSync(join(real, 'bin'), { recursive: true });
    mkdirSync(join(real, 'work'));
    writeFileSync(join(real, 'bin', 'tool'), '#!/bin/sh\necho ran in "$(pwd -P)"\n');
    chmodSync(join(real, 'bin', 'tool'), 0o755);
    symlinkSync(real, join(root, 'linked'));
    const outcome = await spawnCommand({ file: join(root, 'linked', 'bin', 'tool'), args: [], cwd: join(root, 'linked', 'work'), env: { PATH: '/usr/bin:/bin', HOME: home }, sandbox: strict });
    expect(outcome.kind === 'ran' ? outcome.output.stdout : outcome.message).toBe(`ran in ${join(real, 'work')}\n`);
  });

  it('when the home holds ~/.ssh then its contents are invisible, and an allowed ~/.kube stays readable', async () => {
    const allowing = resolveSandbox({ level: 'strict', allow: ['~/.kube'] });
    expect(await sh('ls -A ~/.ssh; cat ~/.kube/config', strict)).toMatch(/^cat: .*\.kube\/config: No such file/);
    expect(await sh('ls -A ~/.ssh; cat ~/.kube/config', allowing)).toBe('kube config\n');
  });

  it('when the network is off then a connection to a port the server listens on fails', async () => {
    const offline = resolveSandbox({ level: 'strict', network: false });
    // A copy in the working directory: strict hides /tmp, where a clone of this repository may live.
    const script = join(cwd, 'connect.js');
    copyFileSync(connectFixture, script);
    const run = (sandbox: Sandbox | undefined) => spawnCommand({ file: process.execPath, args: [script, String(port)], cwd, sandbox });
    const [on, off] = [await run(strict), await run(offline)];
    expect(on.kind === 'ran' && on.output.stdout).toBe('connected\n');
    expect(off.kind === 'ran' && off.output.stdout).toBe('ECONNREFUSED\n');
  });
});

describe('the sandbox fallback', () => {
  it('when bwrap cannot be found then calls run unsandboxed and stderr says so once', () => {
    const lines: string[] = [];
    const first = resolveSandbox({ level: 'strict', command: '/nonexistent/cli-mcp-bwrap' }, (line) => lines.push(line));
    const second = resolveSandbox({ level: 'contain', command: '/nonexistent/cli-mcp-bwrap' }, (line) => lines.push(line));
    expect([first, second]).toEqual([undefined, undefined]);
    expect(lines).toEqual(['cli-mcp: sandbox unavailable (/nonexistent/cli-mcp-bwrap not found): calls run in process groups only\n']);
  });

  it('when the level is off then bwrap is never asked', () => {
    const lines: string[] = [];
    expect(resolveSandbox({ level: 'off', command: '/nonexistent/other-bwrap' }, (line) => lines.push(line))).toBeUndefined();
    expect(lines).toEqual([]);
  });
});
