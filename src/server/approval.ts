import {
  CLIENT_CAPABILITIES_META_KEY,
  createRequestStateCodec,
  inputRequired,
  inputResponse,
  type InputRequiredResult,
  type Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { randomBytes, randomUUID } from 'node:crypto';
import type { ApprovalChannel } from '../call/context.js';
import { DEFAULT_GRANT_TTL_MS } from '../middleware/approval.js';
import type { ApprovalQuestion } from '../types.js';

/** The key of the approval question among a round's input requests. */
const APPROVAL_INPUT = 'cli-mcp-approval';
const answerSchema = {
  type: 'object' as const,
  properties: { approve: { type: 'boolean' as const, title: 'Run this command', default: true } },
};

/** What a question carries through the client: sealed, so an answer cannot be forged or moved to another call; the nonce makes it single-use. */
type QuestionState = { readonly key: string; readonly nonce: string };

/** Most questions awaiting an answer at once; past it the oldest can no longer be answered (it is asked again). */
const MAX_OPEN_QUESTIONS = 10_000;

/** Options of the approval bridge. */
export interface ApprovalBridgeOptions {
  /** How long a question can be answered: never longer than a grant lasts. @default 300000 */
  readonly ttlMs?: number;
  /** The clock, in milliseconds; for tests. @default Date.now */
  readonly now?: () => number;
}

/**
 * Approval over MCP elicitation, in both protocol eras: a question becomes an `input_required` result
 * (the 2026-07-28 client answers and retries; for 2025-era clients the SDK asks with
 * `elicitation/create` and re-enters the handler). One instance per server process; grants live per connection.
 */
export function approvalBridge(options: ApprovalBridgeOptions = {}) {
  const ttlMs = options.ttlMs ?? DEFAULT_GRANT_TTL_MS;
  const now = options.now ?? Date.now;
  // Only this process can mint or read question state; a forged one is refused by the SDK. The codec counts whole seconds, the nonce table the exact TTL.
  const codec = createRequestStateCodec<QuestionState>({ key: randomBytes(32), ttlSeconds: Math.ceil(ttlMs / 1000) });
  const open = openQuestions(MAX_OPEN_QUESTIONS);
  const verify = async (state: string, ctx: ServerContext): Promise<QuestionState> => {
    const decoded = await codec.verify(state, ctx);
    // Each sealed question is answered once: a replayed answer fails like an expired one.
    if (!open.take(decoded.nonce, now())) throw new Error('replayed');
    return decoded;
  };
  return {
    serverOptions: { requestState: { verify } },
    /** The approval channel of one call on one connection. */
    channel(server: Server, ctx: ServerContext, grants: Map<string, number>): ApprovalChannel {
      const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
      const capabilities = (envelope?.[CLIENT_CAPABILITIES_META_KEY] ?? server.getClientCapabilities()) as { elicitation?: unknown } | undefined;
      const state = ctx.mcpReq.requestState<QuestionState>() as QuestionState | undefined;
      const view = inputResponse(ctx.mcpReq.inputResponses, APPROVAL_INPUT);
      const answer = state && view.kind === 'elicit' ? { key: state.key, accepted: view.action === 'accept' && view.content?.approve !== false } : undefined;
      return { canAsk: capabilities?.elicitation !== undefined, answer, grants };
    },
    /** The `input_required` result that asks the user. */
    async ask(question: ApprovalQuestion): Promise<InputRequiredResult> {
      return inputRequired({
        inputRequests: { [APPROVAL_INPUT]: inputRequired.elicit({ message: question.message, requestedSchema: answerSchema }) },
        requestState: await codec.mint({ key: question.key, nonce: open.add(now() + ttlMs, now()) }),
      });
    },
  };
}

/** Nonces of questions asked and not yet answered, each with its expiry; oldest first, so pruning stops at the first live one. */
function openQuestions(max: number) {
  const expiries = new Map<string, number>();
  const prune = (at: number): void => {
    for (const [nonce, expiresAt] of expiries) {
      if (expiresAt > at && expiries.size <= max) break;
      expiries.delete(nonce);
    }
  };
  return {
    add(expiresAt: number, at: number): string {
      const nonce = randomUUID();
      expiries.set(nonce, expiresAt);
      prune(at);
      return nonce;
    },
    /** True once for a nonce that was minted here and has not expired; it is gone afterwards. */
    take(nonce: unknown, at: number): boolean {
      if (typeof nonce !== 'string') return false;
      const expiresAt = expiries.get(nonce);
      expiries.delete(nonce);
      return expiresAt !== undefined && expiresAt > at;
    },
  };
}
