import { checkArgv, shortsTakingValues } from '../argv/argv-policy.js';
import { spawnCommand } from '../exec/spawn-command.js';
import { refuse } from '../middleware/refuse.js';
import type { CallContext } from '../middleware/context.js';
import { spoolThreshold, type CallSettings } from './options.js';
import { spoolWriter } from '../output/spool-writer.js';
import { lineProgress } from '../output/progress.js';

/** The centre of the onion: spawn the prepared argv, nothing else. */
export async function callCentre(ctx: CallContext, settings: CallSettings): Promise<void> {
  const { argv } = ctx;
  if (argv === undefined) return refuse(ctx, 'The call reached the run without a prepared argv; nothing was run.', 'failed: no prepared argv');
  // The last word before the spawn, on the very value that runs.
  const refused = checkArgv(argv, settings.argvPolicy, shortsTakingValues(ctx.tool.command.options));
  if (refused) return refuse(ctx, `Refused: ${refused}`, 'refused: argv policy');
  const lines = ctx.progress && lineProgress(ctx.progress, settings.cleanText);
  // The whole output, cleaned as the result is, kept where a cut result can point.
  const spool = settings.spool && spoolWriter(settings.spool.open(ctx.principal?.id), settings.cleanText, spoolThreshold(settings.maxResultBytes));
  let outcome: Awaited<ReturnType<typeof spawnCommand>>;
  ctx.onSpawn?.();
  try {
    outcome = await spawnCommand({
      file: settings.launcher.file,
      args: [...settings.launcher.prefixArgs, ...argv],
      cwd: settings.cwd,
      env: settings.env,
      signal: ctx.signal,
      timeoutMs: ctx.timeoutMs,
      killGraceMs: settings.killGraceMs,
      maxOutputBytes: settings.maxOutputBytes,
      maxTotalOutputBytes: settings.maxTotalOutputBytes,
      // A command the manifest sets `"sandbox": "off"` runs as itself, cold: a warm worker waits inside the sandbox.
      ...(ctx.tool.command.sandbox === 'off' ? {} : { sandbox: settings.sandbox, warm: settings.warm }),
      onOutput: (chunk, stream) => {
        lines?.write(chunk, stream);
        spool?.write(chunk, stream);
      },
    });
  } finally {
    lines?.end();
    // Always ended: an entry left open could never be evicted.
    const spooled = spool?.end();
    if (spooled && Object.keys(spooled.summary.streams).length > 0) ctx.spooled = spooled;
  }
  if (outcome.kind === 'not-started') {
    ctx.result = { isError: true, message: outcome.message };
    return;
  }
  const { output } = outcome;
  ctx.result = { isError: output.timedOut || output.exitCode !== 0, output };
}
