// The bundled CLI's entry: one CommonJS script, for dist/cli/cli.cjs (which bin.js runs through V8's code cache) and for the
// single-file binary (scripts/binary.mjs), whose Node embeds its own code cache. CommonJS: no top-level await here.
import { main } from './main.js';

void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
