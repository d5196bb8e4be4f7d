import {
  CLIENT_CAPABILITIES_META_KEY,
  createRequestStateCodec,
  inputRequired,
  inputResponse,
  type InputRequiredResult,
  type RequestStateCodec,
  type Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { ApprovalChannel, ApprovalGrants } from '../middleware/context.js';
import { memoryStore } from '../store/memory.js';
import type { SharedStore } from '../store/shared-store.js';
import { refusalMessage, StoreUnavailableError } from '../store/store-unavailable.js';
import type { ApprovalQuestion, ToolResult } from '../types.js';
import { DEFAULTS } from '../options.js';

/** The key of the approval question among a round's input requests. */
const APPROVAL_INPUT = 'cli-mcp-approval';
/** The name of the secret that seals questions, in the store. */
const SEAL_SECRET = 'approval';
const answerSchema = {
  type: 'object' as const,
  properties: { approve: { type: 'boolean' as const, title: 'Run this command', default: true } },
};

/** What a question carries through the client: sealed, so an answer cannot be forged or moved to another call; the nonce makes it single-use. */
type QuestionState = { readonly key: string; readonly nonce: string };
/** What verification hands the handler: the answered question, or the refusal of an answer the store could not check. */
type Verified = QuestionState | { readonly unavailable: ToolResult };

/** Options of the approval bridge. */
export interface ApprovalBridgeOptions {
  /** How long a question can be answered: never longer than a grant lasts. @default 300000 */
  readonly ttlMs?: number;
  /**
   * Where the sealing key and the questions' nonces live. With a store every replica shares, a question
   * asked on one replica can be answered on any other, once. @default a memory store: this process only
   */
  readonly store?: SharedStore;
}

/**
 * Approval over MCP elicitation, in both protocol eras: a question becomes an `input_required` result
 * (the 2026-07-28 client answers and retries, perhaps on another replica; for 2025-era clients the SDK
 * asks with `elicitation/create` and re-enters the handler). One instance per server process. A store
 * that cannot answer refuses the call with an isError result, never lets it through.
 */
export function approvalBridge(options: ApprovalBridgeOptions = {}) {
  const ttlMs = options.ttlMs ?? DEFAULTS.grantTtlMs;
  const store = options.store ?? memoryStore();
  // The codec counts whole seconds, the nonces the exact TTL.
  const ttlSeconds = Math.ceil(ttlMs / 1000);
  let sealing: { readonly secret: Buffer; readonly codec: RequestStateCodec<QuestionState> } | undefined;
  // The key is read at each use: after a Redis that restarted empty, every replica reads the same new one.
  const codec = async (): Promise<RequestStateCodec<QuestionState>> => {
    const secret = await store.sharedSecret(SEAL_SECRET);
    if (!sealing?.secret.equals(secret)) sealing = { secret, codec: createRequestStateCodec<QuestionState>({ key: secret, ttlSeconds }) };
    return sealing.codec;
  };
  const verify = async (state: string, ctx: ServerContext): Promise<Verified> => {
    try {
      const decoded = await (await codec()).verify(state, ctx);
      // Each sealed question is answered once, on whichever replica: a replayed answer fails like an expired one.
      if (!(await store.takeNonce(decoded.nonce))) throw new Error('replayed');
      return decoded;
    } catch (error) {
      // Thrown, the SDK would answer with a protocol error; the handler refuses the call with the store named instead.
      if (error instanceof StoreUnavailableError) return { unavailable: refused(error) };
      throw error;
    }
  };
  const verified = (ctx: ServerContext): Verified | undefined => ctx.mcpReq.requestState<Verified>() as Verified | undefined;
  return {
    serverOptions: { requestState: { verify } },
    /** The approval channel of one call on one connection. */
    channel(server: Server, ctx: ServerContext, grants: ApprovalGrants): ApprovalChannel {
      const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
      const capabilities = (envelope?.[CLIENT_CAPABILITIES_META_KEY] ?? server.getClientCapabilities()) as { elicitation?: unknown } | undefined;
      const state = verified(ctx);
      const view = inputResponse(ctx.mcpReq.inputResponses, APPROVAL_INPUT);
      const answer = state && 'key' in state && view.kind === 'elicit' ? { key: state.key, accepted: view.action === 'accept' && view.content?.approve !== false } : undefined;
      return { canAsk: capabilities?.elicitation !== undefined, answer, grants };
    },
    /** The refusal of a call whose answer the store could not check; undefined for every other call. */
    refusal(ctx: ServerContext): ToolResult | undefined {
      const state = verified(ctx);
      return state && 'unavailable' in state ? state.unavailable : undefined;
    },
    /** The `input_required` result that asks the user, or a refusal when the store cannot keep the question. */
    async ask(question: ApprovalQuestion): Promise<InputRequiredResult | ToolResult> {
      try {
        const nonce = await store.addNonce(ttlMs);
        return inputRequired({
          inputRequests: { [APPROVAL_INPUT]: inputRequired.elicit({ message: question.message, requestedSchema: answerSchema }) },
          requestState: await (await codec()).mint({ key: question.key, nonce }),
        });
      } catch (error) {
        if (error instanceof StoreUnavailableError) return refused(error);
        throw error;
      }
    },
  };
}

function refused(error: StoreUnavailableError): ToolResult {
  return { isError: true, message: refusalMessage(error) };
}
