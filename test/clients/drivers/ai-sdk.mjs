// AI SDK: generateText with @ai-sdk/anthropic, tools from @ai-sdk/mcp's createMCPClient (stdio).
// The provider's model spec must match `ai`'s major (provider 3.x needs ai 6); when `ai` in the
// clients folder is older (Mastra 0.x pins ai 4), an `ai-v6` alias (npm:ai@6) is used instead.
export async function run({ pkgs, modelUrl, server, prompt }) {
  const aiName = pkgs.major('ai') >= 6 || !pkgs.has('ai-v6') ? 'ai' : 'ai-v6';
  const ai = await pkgs.load(aiName);
  // @ai-sdk/mcp since ai 6; before, experimental_createMCPClient and ai/mcp-stdio in `ai` itself.
  const mcpPkg = pkgs.has('@ai-sdk/mcp') ? '@ai-sdk/mcp' : aiName;
  const createClient = mcpPkg === aiName ? ai.experimental_createMCPClient : (await pkgs.load(mcpPkg)).createMCPClient;
  const { Experimental_StdioMCPTransport: Stdio } = await pkgs.load(mcpPkg, './mcp-stdio');
  const { createAnthropic } = await pkgs.load('@ai-sdk/anthropic');

  const mcp = await createClient({ transport: new Stdio({ command: server.command, args: server.args }) });
  try {
    const tools = await mcp.tools();
    const model = createAnthropic({ baseURL: `${modelUrl}/v1`, apiKey: 'fake' })('claude-sonnet-4-5');
    const steps = ai.stepCountIs ? { stopWhen: ai.stepCountIs(4) } : { maxSteps: 4 };
    const r = await ai.generateText({ model, tools, prompt, ...steps });
    return {
      finalText: r.text,
      versions: { [aiName]: pkgs.version(aiName), '@ai-sdk/mcp': pkgs.version('@ai-sdk/mcp'), '@ai-sdk/anthropic': pkgs.version('@ai-sdk/anthropic') },
    };
  } finally {
    await mcp.close();
  }
}
