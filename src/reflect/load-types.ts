/** What loading a target gives, and what it is given: the types load-program.ts and the help readers share. */
import type { Launcher } from '../exec/launcher.js';
import type { EnvironmentOptions } from '../exec/environment.js';
import type { CommandSpec, ReadCommand } from '../types.js';

/** A CLI found on disk, reflected, and ready to be run. */
export interface LoadedTarget {
  readonly spec: CommandSpec;
  readonly launcher: Launcher;
  readonly version?: string;
  /** How the program was found, for the user: `commander (export)`, `commander (parse() call)`, `yargs (parse() call)`, … */
  readonly method: string;
  /** What reflection left out and why (a yargs builder that threw), for the user's stderr. */
  readonly warnings: readonly string[];
  /** Read from the program cache (or the help cache): nothing was run to load it. */
  readonly fromCache?: boolean;
  /** The program calls commander's or yargs' parse() as it loads, so a warm worker can hold it there. */
  readonly warmable?: boolean;
  /** Reads the tree's pending commands: a lazy help crawl's (`lazy`), when no full crawl was cached. */
  readonly readCommand?: ReadCommand;
}

export interface LoadOptions {
  /** @default process.cwd() */
  readonly cwd?: string;
  /** @default 15000 */
  readonly timeoutMs?: number;
  /** Told how a help-text crawl is going (`crawled 12/40: kubectl get`). */
  readonly onProgress?: (message: string) => void;
  /** Which environment variables loading and help runs get, as for calls (`--allow-env`). @default the allowlist */
  readonly env?: EnvironmentOptions;
  /** The Node executable a JS target is loaded and run under (`--node`). @default this process's, `process.execPath` */
  readonly node?: string;
  /** The Python interpreter a Python script is read and run under instead of its `#!` line's (`--python`: a venv's python). */
  readonly python?: string;
  /** Read and write the program and help caches (`--no-cache`: false). @default true */
  readonly cache?: boolean;
  /** Where reflected JS programs are cached. @default ~/.cache/cli-mcp/programs (or $XDG_CACHE_HOME/cli-mcp/programs) */
  readonly programCacheDir?: string;
  /** Where crawls of help text are cached. @default ~/.cache/cli-mcp/help (or $XDG_CACHE_HOME/cli-mcp/help) */
  readonly helpCacheDir?: string;
  /** A program read from its help lists its commands first and reads each when `readCommand` asks (search-mode serving). @default false */
  readonly lazy?: boolean;
}
