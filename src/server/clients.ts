/**
 * How known MCP clients put a tool result in front of their model, by the name they give in `initialize`
 * (observed with each client against a fake model: README, "What each client shows the model"). A client
 * that hands its model the `structuredContent` JSON shows stdout JSON-escaped; one that hands both shows it twice.
 */
import type { StructuredContentChoice } from '../options.js';

/** What a client's model reads of a tool result. */
export type ResultReading = 'text' | 'structured' | 'both';

/** What the server knows of one client. */
export interface ClientTraits {
  readonly reads: ResultReading;
  /** It turns `resource_link` blocks into something its model takes (LangChain's file blocks make chat models throw). */
  readonly takesLinks: boolean;
  /** It keeps MCP tools behind its own tool search, so a tool per command costs its model nothing up front. */
  readonly searchesTools?: boolean;
}

const KNOWN: ReadonlyArray<readonly [RegExp, ClientTraits]> = [
  [/^claude-code$/i, { reads: 'structured', takesLinks: true, searchesTools: true }],
  [/^codex/i, { reads: 'structured', takesLinks: false }],
  [/^mcporter/i, { reads: 'structured', takesLinks: false }],
  // Gemini CLI reads the text, but its error results quote the whole result, structured content included.
  [/^gemini-cli/i, { reads: 'both', takesLinks: false }],
  [/^ai-sdk/i, { reads: 'text', takesLinks: false }],
  [/langchain/i, { reads: 'both', takesLinks: false }],
  // The Inspector prints both to a person: the text alone reads as the model would read it.
  [/inspector/i, { reads: 'both', takesLinks: true }],
];

/** The traits of the client that gave this name, or undefined for one not known here. */
export function clientTraits(name: string | undefined): ClientTraits | undefined {
  if (name === undefined) return undefined;
  return KNOWN.find(([pattern]) => pattern.test(name))?.[1];
}

export type { StructuredContentChoice };

/** How this connection's results are shaped. */
export interface ResultShape {
  /** Results carry `structuredContent` and command tools advertise their output schema. */
  readonly structured: boolean;
  /** Cut results carry `resource_link` blocks to their spooled streams (the text's marker names them either way). */
  readonly links: boolean;
}

/**
 * `auto` leaves structured content out for clients known to hand their model the JSON (or both): their model
 * reads the text alone, which says the exit code and stderr wherever they matter. Other clients get both, as the
 * MCP spec has it: the text for the model, the fields for programs. Links go to every client not known to choke on them.
 */
export function resultShape(choice: StructuredContentChoice, client: string | undefined): ResultShape {
  const traits = clientTraits(client);
  const structured = choice === 'always' || (choice === 'auto' && (traits === undefined || traits.reads === 'text'));
  return { structured, links: choice === 'always' || (traits?.takesLinks ?? true) };
}
