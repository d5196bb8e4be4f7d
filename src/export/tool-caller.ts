import type { CliTools } from '../call/cli-tools.js';
import type { CallOptions } from '../middleware/context.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { resultStructured, resultText } from '../output/render-output.js';

/** A model's tool call, answered: the text to hand back to the model, and the structured output beside it. */
export interface ToolCallOutcome {
  readonly text: string;
  readonly isError: boolean;
  readonly structured?: Readonly<Record<string, unknown>>;
}

/** Runs one model tool call by name; `input` is the arguments object, or the JSON string a model sent. */
export type ToolCaller = (name: string, input: unknown, options?: CallOptions) => Promise<ToolCallOutcome>;

/**
 * Executes a model's tool calls through the same pipeline as an MCP call (`cliTools.call`): validation,
 * middleware, argv, spawn. Whatever the SDK: JSON string arguments are parsed, and a `null` where the
 * tool's schema takes no null (an optional property in OpenAI strict mode) is dropped: it means "not given".
 * @example
 * const call = toolCaller(createCliTools(spec, options));
 * const { text } = await call(toolCall.function.name, toolCall.function.arguments);
 */
export function toolCaller(cliTools: CliTools): ToolCaller {
  return async (name, input, options) => {
    let parsed = input;
    if (typeof input === 'string') {
      try {
        parsed = input.trim() === '' ? {} : JSON.parse(input);
      } catch (error) {
        return { text: `The arguments of ${name} are not valid JSON: ${error instanceof Error ? error.message : String(error)}`, isError: true };
      }
    }
    const resolved = cliTools.resolve(name);
    const schema = resolved.kind === 'unknown' ? undefined : cliTools.catalog.find(resolved.name)?.inputSchema;
    const result = await cliTools.call(name, withoutNulls(parsed, schema), options);
    const structured = resultStructured(result);
    return { text: resultText(result), isError: result.isError, ...(structured ? { structured } : {}) };
  };
}

/** Drops object properties whose value is null unless their schema takes null; arrays keep their items. */
export function withoutNulls(value: unknown, schema: JsonSchema | undefined): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  const kept: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const property = properties[key];
    if (item === null && !(property && takesNull(property))) continue;
    kept[key] = withoutNulls(item, property);
  }
  return kept;
}

function takesNull(schema: JsonSchema): boolean {
  if (schema.type === 'null' || (Array.isArray(schema.type) && schema.type.includes('null'))) return true;
  if (schema.const === null || (Array.isArray(schema.enum) && schema.enum.includes(null))) return true;
  return Array.isArray(schema.anyOf) && schema.anyOf.some((branch: JsonSchema) => takesNull(branch));
}
