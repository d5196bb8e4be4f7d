import {
  CLIENT_CAPABILITIES_META_KEY,
  createRequestStateCodec,
  inputRequired,
  inputResponse,
  type InputRequiredResult,
  type Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { randomBytes } from 'node:crypto';
import type { ApprovalChannel } from '../call/context.js';
import type { ApprovalQuestion } from '../types.js';

/** The key of the approval question among a round's input requests. */
const APPROVAL_INPUT = 'cli-mcp-approval';
const answerSchema = {
  type: 'object' as const,
  properties: { approve: { type: 'boolean' as const, title: 'Run this command', default: true } },
};

/** What a question carries through the client: sealed, so an answer cannot be forged or moved to another call. */
type QuestionState = { readonly key: string };

/**
 * Approval over MCP elicitation, in both protocol eras: a question becomes an `input_required` result
 * (the 2026-07-28 client answers and retries; for 2025-era clients the SDK asks with
 * `elicitation/create` and re-enters the handler). One instance per server process; grants live per connection.
 */
export function approvalBridge() {
  // Only this process can mint or read question state; a forged or replayed one is refused by the SDK.
  const codec = createRequestStateCodec<QuestionState>({ key: randomBytes(32), ttlSeconds: 600 });
  return {
    serverOptions: { requestState: { verify: codec.verify } },
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
        requestState: await codec.mint({ key: question.key }),
      });
    },
  };
}
