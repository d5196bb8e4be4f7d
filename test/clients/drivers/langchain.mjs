// LangChain: tools from @langchain/mcp-adapters' MultiServerMCPClient (stdio, default options) in
// an agent (createAgent from langchain v1, else createReactAgent from @langchain/langgraph), with
// ChatAnthropic or ChatOpenAI (Chat Completions) pointed at the fake model.
export async function run({ pkgs, modelUrl, server, prompt, options }) {
  const { MultiServerMCPClient } = await pkgs.load('@langchain/mcp-adapters');
  const client = new MultiServerMCPClient({ mcpServers: { outputs: { transport: 'stdio', command: server.command, args: server.args } } });
  const versions = { '@langchain/mcp-adapters': pkgs.version('@langchain/mcp-adapters'), '@langchain/core': pkgs.version('@langchain/core') };
  try {
    const tools = await client.getTools();
    let model;
    if (options.chat === 'anthropic') {
      const { ChatAnthropic } = await pkgs.load('@langchain/anthropic');
      model = new ChatAnthropic({ model: 'claude-sonnet-4-5', apiKey: 'fake', anthropicApiUrl: modelUrl, maxRetries: 0 });
      versions['@langchain/anthropic'] = pkgs.version('@langchain/anthropic');
    } else {
      const { ChatOpenAI } = await pkgs.load('@langchain/openai');
      model = new ChatOpenAI({ model: 'gpt-4o-mini', apiKey: 'fake', configuration: { baseURL: `${modelUrl}/v1` }, useResponsesApi: false, maxRetries: 0 });
      versions['@langchain/openai'] = pkgs.version('@langchain/openai');
    }
    let agent;
    if (pkgs.has('langchain') && pkgs.major('langchain') >= 1) {
      const { createAgent } = await pkgs.load('langchain');
      agent = createAgent({ model, tools });
      versions.langchain = pkgs.version('langchain');
    } else {
      const { createReactAgent } = await pkgs.load('@langchain/langgraph', './prebuilt');
      agent = createReactAgent({ llm: model, tools });
      versions['@langchain/langgraph'] = pkgs.version('@langchain/langgraph');
    }
    const state = await agent.invoke({ messages: [{ role: 'user', content: prompt }] }, { recursionLimit: 8 });
    const last = state.messages.at(-1);
    const toolMessage = state.messages.find((m) => (m._getType?.() ?? m.type) === 'tool');
    return {
      finalText: typeof last.content === 'string' ? last.content : JSON.stringify(last.content),
      versions,
      note: toolMessage ? `ToolMessage content: ${typeof toolMessage.content === 'string' ? 'a string' : JSON.stringify(toolMessage.content.map((b) => b.type))}${toolMessage.status === 'error' ? ', status error' : ''}` : null,
    };
  } finally {
    await client.close();
  }
}
