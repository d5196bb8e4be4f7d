import { isInputRequiredResult, ProtocolError, ProtocolErrorCode, Server, type AuthInfo } from '@modelcontextprotocol/server';
import type { ApprovalGrants, CallAccess, CallPrincipal, LogLevel } from '../middleware/context.js';
import type { CallOptions } from '../middleware/context.js';
import type { Catalog } from '../discovery/catalog.js';
import { memoryGrants } from '../approval/grants.js';
import type { SharedStore } from '../store/shared-store.js';
import { unknownToolMessage } from '../tool/resolve-name.js';
import { approvalBridge } from './elicit-approval.js';
import { toCallToolResult } from './call-result.js';
import { clientTraits, resultShape, type ResultShape, type StructuredContentChoice } from './clients.js';
import { outputResources } from './output-resources.js';
import type { ServedTools } from './served-tools.js';
import type { CliTools } from '../call/cli-tools.js';
import { statusLines } from './progress-lines.js';
import { declaresTasks, serveTasks, startTask } from './tasks.js';
import { pageOfTools } from './tool-list.js';
import { FormAnswerValidator } from './form-answers.js';
import { DEFAULTS } from '../options.js';

/** Name and version the server reports to clients. */
export interface ServerInfo {
  readonly name: string;
  readonly version: string;
}

/** How the server answers, beyond what it calls itself. */
export interface ServerSettings {
  /** Tools per `tools/list` page. @default 100 */
  readonly pageSize?: number;
  /** How long an approval question can be answered: the approval options' grant TTL. @default 300000 */
  readonly grantTtlMs?: number;
  /** Where one server instance keeps approval grants, by caller. @default grants in memory per instance: per connection over stdio */
  readonly grants?: (principal: CallPrincipal | undefined) => ApprovalGrants;
  /** Where the seal and the nonces of approval questions live, so any replica can take an answer. @default this process's memory */
  readonly store?: SharedStore;
  /** What the access policy gives a caller: the tools it sees and calls, its approval mode and rate limit. @default every tool, the server's settings */
  readonly accessFor?: (principal: CallPrincipal | undefined) => CallAccess;
  /** When results carry `structuredContent` (`auto`: not for clients known to show their model the JSON instead of the text). @default 'auto' */
  readonly structuredContent?: StructuredContentChoice;
}

/** What the HTTP edge knows of a request: who sent it, once authenticated. */
export interface ServerContext {
  readonly authInfo?: AuthInfo;
}

/** A factory that builds one MCP server per connection (or HTTP request) over the same tools (both protocol eras). */
export function serverFactory(served: ServedTools, info: ServerInfo, settings: ServerSettings = {}): (context?: ServerContext) => Server {
  const pageSize = settings.pageSize ?? DEFAULTS.pageSize;
  const approval = approvalBridge({ ttlMs: settings.grantTtlMs, store: settings.store });
  return (context = {}) => {
    const principal = principalOf(context.authInfo);
    const access = settings.accessFor?.(principal);
    const viewer = () => ({ access, searchesTools: clientTraits(server.getClientVersion()?.name)?.searchesTools });
    const catalogOf = (cliTools: CliTools): Catalog => cliTools.catalogFor(viewer());
    // Over stdio grants live in one session, this connection; over HTTP an instance serves one request, so they live longer.
    const grants = settings.grants?.(principal) ?? memoryGrants();
    const server = new Server({ name: info.name, version: info.version }, { capabilities: { tools: { listChanged: true }, resources: {}, logging: {} }, jsonSchemaValidator: new FormAnswerValidator(), ...approval.serverOptions });
    // Read per request: the client names itself in initialize, or in every request's envelope (2026-07-28).
    const shape = (): ResultShape => resultShape(settings.structuredContent ?? 'auto', server.getClientVersion()?.name);
    server.setRequestHandler('tools/list', async (request) => {
      // A client that lists every tool of a big program read as asked gets the commands known now (those not read yet by
      // name and line, read when called) rather than wait for the rest (gh: 7 s cold); once they are read, the list changed.
      void served.current().readyFor(viewer()).then((changed) => changed && served.listChanged(), () => {});
      return pageOfTools(catalogOf(served.current()).listed, request.params?.cursor, pageSize, shape().structured);
    });
    outputResources(server, served, principal);
    // A reload keeps the registry, so the one read now is the one every later request sees.
    const runs = served.current().runs;
    if (runs) serveTasks(server, runs, { find: (name) => catalogOf(served.current()).find(name) }, principal, shape);
    server.setRequestHandler('tools/call', async (request, ctx) => {
      const { name: requested, arguments: input } = request.params;
      const cliTools = served.current();
      const catalog = catalogOf(cliTools);
      const resolved = catalog.resolve(requested);
      const tool = resolved.kind === 'unknown' ? undefined : catalog.find(resolved.name);
      if (!tool) {
        // A command reachable only through the meta-tools is a tool error that says how; anything else a protocol error.
        const command = cliTools.find(requested);
        if (command && (!access || access.allows(command.command.path))) return toCallToolResult(await cliTools.call(requested, input), shape());
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, unknownToolMessage(requested, resolved.kind === 'unknown' ? resolved.suggestions : []));
      }
      // Log notifications honour the level the client set; a client that has gone away is not an error.
      const log = (level: LogLevel, data: unknown): void => void ctx.mcpReq.log(level, data, 'cli-mcp').catch(() => {});
      const progressToken = request.params._meta?.progressToken;
      let step = 0;
      // The last lines are flushed as the process ends: their notifications must leave before the result, or clients drop them.
      const sending = new Set<Promise<void>>();
      const progress =
        progressToken === undefined
          ? undefined
          : (batch: string): void => {
              for (const message of statusLines(batch)) {
                const sent = ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken, progress: ++step, message } }).catch(() => {});
                sending.add(sent);
                void sent.finally(() => sending.delete(sent));
              }
            };
      const channel = approval.channel(server, ctx, grants);
      const call = (hooks: CallOptions) => tool.call(input, { signal: ctx.mcpReq.signal, log, progress, approval: channel, principal, access, ...hooks });
      // An answer the store could not check is refused before anything runs.
      let result = approval.refusal(ctx);
      // Only a request that declares the tasks extension may get a task; any other is served as it always was.
      if (!result && runs && declaresTasks(ctx)) {
        const started = await startTask(runs, { tool, principal, ctx, progress, log }, call);
        if (started.kind === 'task') return started.task;
        if (started.kind === 'result') result = started.result;
      }
      result ??= await call({});
      await Promise.all(sending);
      if (result.ask) {
        const asked = await approval.ask(result.ask);
        if (isInputRequiredResult(asked)) return asked;
        result = asked;
      }
      const shaped = shape();
      return server.projectCallToolResult(toCallToolResult(result, shaped), shaped.structured ? tool.outputSchema : undefined);
    });
    return server;
  };
}

/** The caller an HTTP request was authenticated as: the edge puts the principal's id in `clientId`, its name in `extra`. */
function principalOf(authInfo: AuthInfo | undefined): CallPrincipal | undefined {
  if (!authInfo) return undefined;
  const name = authInfo.extra?.['name'];
  return { id: authInfo.clientId, name: typeof name === 'string' ? name : authInfo.clientId, scopes: authInfo.scopes };
}
