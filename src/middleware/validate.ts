import { describeIssues } from '../schema/issues.js';
import { readLeniently } from '../schema/lenient.js';
import type { ToolDefinition } from '../tool/definition.js';
import type { ToolInput } from '../types.js';
import type { Middleware } from './context.js';
import { refuse } from './refuse.js';

/** Checks the raw input against the tool's zod schema; a bad call ends with an isError result that says what to fix. */
export function validate(): Middleware {
  return async (ctx, next) => {
    const outcome = checkInput(ctx.tool, ctx.rawInput);
    if (!outcome.ok) {
      refuse(ctx, outcome.message, 'invalid input');
      return;
    }
    ctx.input = outcome.input;
    if (outcome.mapped.length > 0) ctx.mapped = outcome.mapped;
    await next();
  };
}

type Checked = { ok: true; input: ToolInput; mapped: readonly string[] } | { ok: false; message: string };

/** Validates `raw` for `tool`, read leniently first (each reading listed in `mapped`). */
export function checkInput(tool: ToolDefinition, raw: unknown): Checked {
  const read = readLeniently(tool.command, normaliseInput(raw ?? {}));
  if (!read.ok) return { ok: false, message: `Invalid arguments for ${tool.name}:\n- ${read.message}\nFix this and call the tool again.` };
  const cleaned = read.input;
  const parsed = tool.inputSchema.safeParse(cleaned);
  if (parsed.success) {
    const data = parsed.data as { flags?: Record<string, unknown>; args?: string[]; passthrough?: string[] };
    const flags = inCallersOrder(data.flags ?? {}, isRecord(cleaned) && isRecord(cleaned.flags) ? Object.keys(cleaned.flags) : []);
    return { ok: true, input: { flags, args: data.args ?? [], ...(data.passthrough ? { passthrough: data.passthrough } : {}) }, mapped: read.mapped };
  }
  const validFlags = tool.command.options.map((option) => option.name);
  const lines = describeIssues(parsed.error.issues, cleaned, validFlags);
  return { ok: false, message: `Invalid arguments for ${tool.name}:\n${lines}\nFix these and call the tool again.` };
}

/** zod writes keys in the schema's order; the caller's order is kept, since an expression after the operands (find's) is read in it. */
function inCallersOrder(flags: Record<string, unknown>, order: readonly string[]): Record<string, unknown> {
  const keys = [...order.filter((key) => Object.hasOwn(flags, key)), ...Object.keys(flags).filter((key) => !order.includes(key))];
  return Object.fromEntries(keys.map((key) => [key, flags[key]]));
}

/** Missing `flags`/`args` are empty, so errors name the missing field; nulls count as absent, as argv omits them. */
function normaliseInput(raw: unknown): unknown {
  if (!isRecord(raw)) return raw;
  const flags = raw.flags ?? {};
  const cleaned = isRecord(flags) ? Object.fromEntries(Object.entries(flags).filter(([, value]) => value !== null)) : flags;
  return { ...raw, flags: cleaned, args: raw.args ?? [] };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
