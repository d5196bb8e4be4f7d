// MCP Inspector CLI: `mcp-inspector --cli <server command> --method tools/call --tool-name X`.
// No model: what it prints is what a person sees, and that is what is measured.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export async function run({ pkgs, server, tool, input }) {
  const root = join(pkgs.dir, 'node_modules', '@modelcontextprotocol', 'inspector');
  const cli = join(root, (await import(join(root, 'package.json'), { with: { type: 'json' } })).default.bin['mcp-inspector']);
  const toolArgs = Object.entries(input).flatMap(([k, v]) => ['--tool-arg', `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`]);
  const argv = [cli, '--cli', server.command, ...server.args, '--method', 'tools/call', '--tool-name', tool, ...toolArgs];
  const { code, stdout, stderr } = await new Promise((done, fail) => {
    const child = spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    let err = '';
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', fail);
    child.on('close', (c) => done({ code: c, stdout: Buffer.concat(out).toString('utf8'), stderr: err }));
  });
  if (code !== 0 && !stdout) throw new Error(`inspector exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`);
  return { printed: stdout, finalText: null, versions: { '@modelcontextprotocol/inspector': pkgs.version('@modelcontextprotocol/inspector') } };
}
