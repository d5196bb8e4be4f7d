import { checkArgv, shortsTakingValues, type ArgvPolicy } from '../argv/argv-policy.js';
import { layOutArgv, wordsIn } from '../argv/build-argv.js';
import { checkCommands } from '../argv/command-policy.js';
import { confinedPaths } from '../argv/confine-paths.js';
import { refuse } from '../middleware/refuse.js';
import { checkInput } from '../middleware/validate.js';
import type { OptionSpec } from '../types.js';
import type { Middleware } from '../middleware/context.js';

/**
 * Prepares the one argv a call runs, once, after every user-written layer: re-validates the input
 * (middleware may have changed it), builds the argv laid out as the program's users type it, and
 * checks the argv policy (flags, command rules, confined paths). The frozen result on `ctx.argv` is
 * what approval shows, the log records, the final check reads and the spawn runs.
 */
export function prepareArgv(policy: ArgvPolicy): Middleware {
  return async (ctx, next) => {
    const checked = checkInput(ctx.tool, ctx.input);
    if (!checked.ok) return refuse(ctx, `Middleware left invalid input.\n${checked.message}`, 'refused: invalid input after middleware');
    ctx.input = checked.input;
    const laid = layOutArgv(ctx.tool.command, checked.input);
    if (!laid.ok) return refuse(ctx, `Refused: ${laid.message}`, 'refused: unrepresentable argv');
    // Flags in every spelling the parser accepts, and positionals where the CLI reads options after `--`; a closed run's words
    // too, wherever the run stands (qpdf's `--pages … --` after another run's closing `--`, which checkArgv takes for the end).
    const shorts = shortsTakingValues(ctx.tool.command.options);
    const refused = checkArgv(laid.argv, policy, shorts) ?? checkArgv(runWords(ctx.tool.command.options, checked.input.flags ?? {}), policy, shorts);
    if (refused) return refuse(ctx, `Refused: ${refused}`, 'refused: argv policy');
    const command = checkCommands(laid.argv, ctx.tool.command, policy.commands, policy.checks);
    if (command) return refuse(ctx, `Refused: ${command}`, 'refused: command policy');
    // Checked on the input's values, which the argv holds verbatim: no guessing which token is a value.
    const outside = policy.confinePaths ? confinedPaths(checked.input, policy.confinePaths === true ? process.cwd() : policy.confinePaths) : undefined;
    if (outside) return refuse(ctx, `Refused: ${outside}`, 'refused: path outside the working directory');
    ctx.argv = Object.freeze([...laid.argv]);
    await next();
  };
}

/** The words of the call's closed runs (`-exec rm {}`, `--pages a.pdf 1-2`): what the program reads there, checked as flags. */
function runWords(options: readonly OptionSpec[], flags: Readonly<Record<string, unknown>>): string[] {
  return options.filter((option) => option.closedBy !== undefined).flatMap((option) => wordsIn(flags[option.name]).filter((word) => word !== '--'));
}
