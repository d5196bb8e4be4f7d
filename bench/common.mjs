// Pieces every benchmark shares: settings from the environment, medians, and a client on `cli-mcp wrap`.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { fileURLToPath } from 'node:url';

export const bin = fileURLToPath(new URL('../dist/cli/bin.js', import.meta.url));

/** A positive whole number from the environment, or the default; anything else stops the run. */
export function count(name, fallback) {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, got "${text}"`);
  return value;
}

/** The median: the middle value, or the mean of the two middle ones. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return Number.isInteger(middle) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[Math.floor(middle)];
}

/** Spawns `cli-mcp wrap …args` and connects a real v2 MCP client over stdio; a failed start says what the server printed. */
export async function connectWrap(args, { cwd, env, name = 'cli-mcp-bench' } = {}) {
  const transport = new StdioClientTransport({ command: process.execPath, args: [bin, 'wrap', ...args], cwd, ...(env ? { env } : {}), stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => (stderr += chunk));
  const client = new Client({ name, version: '0.0.0' });
  try {
    await client.connect(transport);
  } catch (error) {
    throw new Error(`the server did not start: ${error.message}\n${stderr}`, { cause: error });
  }
  return { client, pid: transport.pid };
}
