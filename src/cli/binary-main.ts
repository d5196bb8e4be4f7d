// The single-file binary's entry (scripts/binary.mjs): Node's single-executable applications run one CommonJS script,
// so no top-level await here; the binary's own Node needs no compile cache, its code cache is embedded.
import { main } from './main.js';

void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
