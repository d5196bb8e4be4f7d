import { builtFile } from '../package-files.js';

/** The warm workers' preload, compiled. */
export const WARM_WORKER_FILE = builtFile('reflect/warm-worker.js');
