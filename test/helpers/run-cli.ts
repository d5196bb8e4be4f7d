import { Writable } from 'node:stream';
import { main } from '../../src/cli/main.js';

function collector(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      chunks.push(String(chunk));
      callback();
    },
  });
  return { stream, text: () => chunks.join('') };
}

/** Runs `cli-mcp …argv` in-process; what it wrote to stdout and stderr, and its exit code. */
export async function run(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = collector();
  const stderr = collector();
  const code = await main(argv, { stdout: stdout.stream, stderr: stderr.stream });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}
