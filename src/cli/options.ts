import { Option, type Command } from 'commander';
import type { CreateMcpServerOptions } from '../server/create-mcp-server.js';

/** The options `wrap`, `tools` and `call` share. */
export interface SharedFlags {
  prefix?: string;
  timeout?: number;
  killGrace?: number;
  maxOutput?: number;
  cwd?: string;
  exec?: string;
}

export function addSharedOptions(command: Command): Command {
  return command
    .option('--prefix <name>', 'replace the program name at the start of every tool name')
    .addOption(new Option('--timeout <ms>', 'stop a call\'s process tree after this many milliseconds').argParser(positiveInt).default(60_000))
    .addOption(new Option('--kill-grace <ms>', 'wait between SIGTERM and SIGKILL when stopping a process tree').argParser(positiveInt).default(2_000))
    .addOption(new Option('--max-output <bytes>', 'most bytes kept of each of stdout and stderr').argParser(positiveInt).default(1024 * 1024))
    .option('--cwd <dir>', 'run as if started in this directory: the target is found from it and the CLI runs in it')
    .option('--exec <binary>', 'run this executable for each call instead of the target itself (e.g. kubectl)');
}

export function serverOptions(flags: SharedFlags): CreateMcpServerOptions {
  return {
    prefix: flags.prefix,
    timeoutMs: flags.timeout,
    killGraceMs: flags.killGrace,
    maxOutputBytes: flags.maxOutput,
    cwd: flags.cwd,
    executable: flags.exec,
  };
}

function positiveInt(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) throw new Error(`expected a positive whole number, got "${value}"`);
  return number;
}
