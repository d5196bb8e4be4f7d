// Mastra: an Agent from @mastra/core with tools from @mastra/mcp's MCPClient (stdio), its model an
// AI SDK Anthropic provider pointed at the fake model. Mastra 0.x takes AI SDK v4/v5 models (spec v1
// or v2); when the installed @ai-sdk/anthropic is newer (3.x: spec v3, for ai 6), the v5 provider
// Mastra itself depends on (@ai-sdk/anthropic-v5, npm:@ai-sdk/anthropic@2) is used instead.
export async function run({ pkgs, modelUrl, server, prompt }) {
  const { MCPClient } = await pkgs.load('@mastra/mcp');
  const { Agent } = await pkgs.load('@mastra/core', './agent');
  const mastraMajor = pkgs.major('@mastra/core');
  const versions = { '@mastra/core': pkgs.version('@mastra/core'), '@mastra/mcp': pkgs.version('@mastra/mcp') };

  let provider = '@ai-sdk/anthropic';
  let from;
  if (mastraMajor < 1 && !(pkgs.major('@ai-sdk/anthropic') <= 2)) {
    provider = '@ai-sdk/anthropic-v5';
    from = '@mastra/core';
  }
  const { createAnthropic } = await pkgs.load(provider, '.', from);
  versions[provider] = pkgs.version(provider, from && `${pkgs.dir}/node_modules/${from}`);

  const mcp = new MCPClient({ servers: { outputs: { command: server.command, args: server.args } }, timeout: 120_000 });
  try {
    const tools = await mcp.getTools();
    const agent = new Agent({
      name: 'measure',
      instructions: 'You call tools when asked and report what they return.',
      model: createAnthropic({ baseURL: `${modelUrl}/v1`, apiKey: 'fake' })('claude-sonnet-4-5'),
      tools,
    });
    const r = await agent.generate(prompt, { maxSteps: 4 });
    return { finalText: r.text, versions };
  } finally {
    await mcp.disconnect();
  }
}
