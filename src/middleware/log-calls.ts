import type { CallContext, Middleware } from './context.js';

/** What one call did, as one structured log line. */
export interface CallRecord {
  readonly time: string;
  readonly tool: string;
  /** Who called, when the transport authenticated them: the principal's id (`token:alice`, `jwt:<issuer>#<sub>`). */
  readonly principal?: string;
  readonly argv?: readonly string[];
  /** Input read otherwise than it was sent (`flags.n → flags.limit`, `flags.jobs: 2 → "2"`). */
  readonly mapped?: readonly string[];
  readonly exitCode?: number | null;
  readonly durationMs: number;
  /** Bytes of stdout and stderr returned. */
  readonly bytes: number;
  readonly truncated: boolean;
  /** `ran`, or why nothing ran (`invalid input`, `rate-limited …`, …). */
  readonly decision: string;
  readonly isError: boolean;
}

/** Options of `logCalls`. */
export interface LogCallsOptions {
  /** Where each line goes. @default a JSON line on stderr */
  readonly write?: (line: string) => void;
}

/** Writes one structured line per call (and sends it to the client as a log notification); outermost, so it sees every refusal. */
export function logCalls(options: LogCallsOptions = {}): Middleware {
  const write = options.write ?? ((line: string) => void process.stderr.write(`${line}\n`));
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const record = callRecord(ctx, performance.now() - started);
      // JSON leaves U+2028/2029 raw; escaped, the record stays one line in any log viewer, its argv exact.
      write(JSON.stringify(record).replace(/[\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16)}`));
      ctx.log(record.isError ? 'warning' : 'info', record);
    }
  };
}

/** The record of a finished (or failed) call. */
export function callRecord(ctx: CallContext, elapsedMs: number): CallRecord {
  const { result } = ctx;
  const output = result?.output;
  const { decision, mapped } = ctx;
  return {
    time: new Date().toISOString(),
    tool: ctx.tool.name,
    ...(ctx.principal ? { principal: ctx.principal.id } : {}),
    ...(ctx.argv ? { argv: ctx.argv } : {}),
    ...(mapped ? { mapped } : {}),
    ...(output ? { exitCode: output.exitCode } : {}),
    durationMs: Math.round(output?.durationMs ?? elapsedMs),
    bytes: output ? Buffer.byteLength(output.stdout) + Buffer.byteLength(output.stderr) : 0,
    truncated: output?.truncated ?? false,
    decision: decision ?? (output ? 'ran' : result ? 'refused' : 'failed'),
    isError: result?.isError ?? true,
  };
}
