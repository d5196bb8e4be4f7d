import { riskOf, type Risk, type RiskOverrides } from './risk.js';
import type { CallContext, Middleware } from '../middleware/context.js';
import { refuse, refuseUnavailable } from '../middleware/refuse.js';
import { spellOutInvisible } from '../sanitize-text.js';
import { APPROVAL_MODES, DEFAULTS, oneOf, positive, type ApprovalMode } from '../options.js';

/**
 * When the user is asked before a call runs:
 * `auto` asks for destructive calls; `ask` for every call that is not read-only; `yolo` never;
 * `read-only` refuses every call that is not read-only.
 */
export type { ApprovalMode };

/** Options of `approval`. */
export interface ApprovalOptions {
  /** @default 'auto' */
  readonly mode?: ApprovalMode;
  /** Risk levels by command path or function, over annotations and the verb heuristics. */
  readonly risk?: RiskOverrides;
  /** How long a grant lasts. @default 300000 (5 minutes) */
  readonly grantTtlMs?: number;
  /** Every approval covers one call only. @default false */
  readonly oneTime?: boolean;
}

/**
 * Asks the user (through the transport's elicitation) before risky calls. A grant is bound to the tool
 * and its exact argv, lives in the caller's grants (one stdio session, or one principal's, shared by every
 * replica through the store) and expires; only the transport's answer can grant it, never a tool argument.
 * A client that cannot ask, or grants that cannot be read, get a clear refusal, never a silent allow.
 */
export function approval(options: ApprovalOptions = {}): Middleware {
  const serverMode = oneOf('approval mode', APPROVAL_MODES, options.mode, DEFAULTS.approval);
  const ttl = positive('grantTtlMs', options.grantTtlMs, DEFAULTS.grantTtlMs);

  return async (ctx, next) => {
    // The access policy may set this caller's own mode.
    const mode = ctx.access?.approval ?? serverMode;
    const risk = riskOf(ctx.tool.command, options.risk);
    if (mode === 'read-only' && risk !== 'read-only') return refuse(ctx, `${ctx.tool.name} is ${risk}, and this server only runs read-only commands.`, 'refused: read-only mode');
    if (!needsApproval(mode, risk)) return next();

    // The argv prepared for the run: the user approves exactly what will be spawned.
    const argv = ctx.argv;
    if (argv === undefined) return refuse(ctx, `${ctx.tool.name} needs approval, but its argv was not prepared; nothing was run.`, 'failed: no prepared argv');
    const key = `${ctx.tool.name}\u0000${JSON.stringify(argv)}`;
    const { grants, answer, canAsk } = ctx.approval;
    let granted: boolean;
    try {
      // One-time mode keeps none; one left from before (a rolling change of flags) is taken: used once, by one replica.
      granted = await (options.oneTime ? grants.take(key) : grants.has(key));
    } catch (error) {
      return refuseUnavailable(ctx, error);
    }
    if (granted) {
      ctx.decision = 'approved (earlier grant)';
      return next();
    }
    if (answer?.key === key) {
      if (!answer.accepted) return refuse(ctx, `The user declined to run ${ctx.tool.name}. Do not retry it unless the user asks.`, 'declined by the user');
      try {
        // The grant is kept before the run: a grant the store cannot keep refuses the call, like every store failure.
        if (!options.oneTime) await grants.add(key, ttl);
      } catch (error) {
        return refuseUnavailable(ctx, error);
      }
      ctx.decision = 'approved by the user';
      return next();
    }
    if (!canAsk) {
      return refuse(ctx, `${ctx.tool.name} is ${risk} and needs the user's approval, but this client cannot ask the user (no elicitation support). Nothing was run.`, 'refused: cannot ask');
    }
    ctx.result = { isError: false, ask: { key, message: question(ctx, risk, argv) } };
    ctx.decision = 'asked the user';
  };
}

/** Whether a call of this risk waits for the user's approval under `mode` (`read-only` refuses instead: see {@link approval}). */
export function needsApproval(mode: ApprovalMode, risk: Risk): boolean {
  if (mode === 'yolo') return false;
  if (mode === 'ask') return risk !== 'read-only';
  return risk === 'destructive';
}

function question(ctx: CallContext, risk: Risk, argv: readonly string[]): string {
  const words = [ctx.tool.command.path[0] ?? ctx.tool.name, ...argv];
  const line = words.map(quoteWord).join(' ');
  return `Allow the assistant to run this ${risk} command?\n\n${line}`;
}

/** A word as the user must read it: bare when plainly safe, else quoted with invisible characters spelled out (`"prod\\u2028db"`). */
function quoteWord(word: string): string {
  return /^[\w./:=@%+-]+$/.test(word) ? word : spellOutInvisible(JSON.stringify(word));
}
