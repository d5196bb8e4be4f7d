/** The real-CLI corpus: every program, and the Debian packages .ci/run installs for it. */
import { debianFilePrograms } from './corpus-debian-files.js';
import { debianPrograms } from './corpus-debian.js';
import { machineDevPrograms } from './corpus-machine-dev.js';
import { machineFilePrograms } from './corpus-machine-files.js';
import { machineScriptPrograms } from './corpus-machine-scripts.js';
import { machineTextPrograms } from './corpus-machine-text.js';
import { machineUnixPrograms } from './corpus-machine-unix.js';
import { npmHelpPrograms } from './corpus-npm-help.js';
import { npmReflectedPrograms } from './corpus-npm-js.js';
import type { Program } from './corpus-types.js';

export const corpus: readonly Program[] = [...npmReflectedPrograms, ...npmHelpPrograms, ...machineDevPrograms, ...machineUnixPrograms, ...machineTextPrograms, ...machineFilePrograms, ...machineScriptPrograms, ...debianPrograms, ...debianFilePrograms];

/** The Debian packages the corpus needs; .ci/run installs the same list (a test pins the two together). */
export const debianPackages: readonly string[] = [...debianPrograms, ...debianFilePrograms].flatMap((program) => (program.source.kind === 'debian' ? [program.source.pkg] : []));
