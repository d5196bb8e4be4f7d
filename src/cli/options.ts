import { Option, type Command } from 'commander';
import type { ArgvPolicy } from '../argv/argv-policy.js';
import { ARGV_PRESETS } from '../argv/presets.js';
import type { CreateMcpServerOptions } from '../server/create-mcp-server.js';

/** The options `wrap`, `tools` and `call` share. */
export interface SharedFlags {
  prefix?: string;
  timeout?: number;
  killGrace?: number;
  maxOutput?: number;
  cwd?: string;
  exec?: string;
  allowEnv?: string[];
  inheritEnv?: boolean;
  preset?: PresetName;
  denyFlag?: string[];
  doubleDash?: boolean;
}

type PresetName = keyof typeof ARGV_PRESETS;

export function addSharedOptions(command: Command): Command {
  return command
    .option('--prefix <name>', 'replace the program name at the start of every tool name')
    .addOption(new Option('--timeout <ms>', 'stop a call\'s process tree after this many milliseconds').argParser(positiveInt).default(60_000))
    .addOption(new Option('--kill-grace <ms>', 'wait between SIGTERM and SIGKILL when stopping a process tree').argParser(positiveInt).default(2_000))
    .addOption(new Option('--max-output <bytes>', 'most bytes kept of each of stdout and stderr').argParser(positiveInt).default(1024 * 1024))
    .option('--cwd <dir>', 'run as if started in this directory: the target is found from it and the CLI runs in it')
    .option('--exec <binary>', 'run this executable for each call instead of the target itself (e.g. kubectl)')
    .option('--allow-env <names...>', 'more environment variables the CLI inherits (NAME or PREFIX_*), beyond PATH, HOME, LANG, …')
    .option('--inherit-env', 'pass the whole environment to the CLI, secrets included (off: an allowlist)')
    .addOption(new Option('--preset <cli>', 'deny the dangerous flags of a known CLI').choices(Object.keys(ARGV_PRESETS)))
    .option('--deny-flag <flags...>', 'flags the model may never pass, e.g. --kubeconfig -s')
    .option('--no-double-dash', 'the CLI does not treat -- as the end of its options: send none, refuse positionals starting with -');
}

export function serverOptions(flags: SharedFlags): CreateMcpServerOptions {
  return {
    prefix: flags.prefix,
    timeoutMs: flags.timeout,
    killGraceMs: flags.killGrace,
    maxOutputBytes: flags.maxOutput,
    cwd: flags.cwd,
    executable: flags.exec,
    env: { allow: flags.allowEnv, inheritAll: flags.inheritEnv },
    argvPolicy: argvPolicy(flags),
  };
}

function argvPolicy(flags: SharedFlags): ArgvPolicy {
  const preset: ArgvPolicy = flags.preset ? ARGV_PRESETS[flags.preset] : {};
  return {
    ...preset,
    denyFlags: [...(preset.denyFlags ?? []), ...(flags.denyFlag ?? [])],
    honoursDoubleDash: flags.doubleDash === false ? false : preset.honoursDoubleDash,
  };
}

function positiveInt(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) throw new Error(`expected a positive whole number, got "${value}"`);
  return number;
}
