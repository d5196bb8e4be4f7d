#!/usr/bin/env node
import module from 'node:module';

// Node 22.1+ keeps compiled code of cli-mcp and its dependencies on disk: about 30 ms off each start. Node 20 has no such cache.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
const { main } = await import('./main.js');
process.exitCode = await main(process.argv.slice(2));
