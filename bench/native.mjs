#!/usr/bin/env node
// Describes /bin/echo for cli-mcp; the bench serves it with `--exec /bin/echo`, so each call runs the
// real binary and this file is only loaded once, for reflection. Run directly, it prints what echo would.
import { Command } from 'commander';

const program = new Command('echo')
  .description('Print the words, separated by spaces.')
  .argument('[words...]', 'the words to print')
  .action((words) => console.log(words.join(' ')));

program.parse();
