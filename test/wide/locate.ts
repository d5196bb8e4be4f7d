/** Where a corpus program is installed, its version, and how a missing one gets installed. */
import { execa } from 'execa';
import { accessSync, constants, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WideProgram } from './programs.js';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
/** The corpus's own npm install (test/wide/npm), apart from the repository's devDependencies. */
export const npmDir = path.join(repoRoot, 'test', 'wide', 'npm');

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The executable's path, or undefined when it is not installed. */
export function locate(program: WideProgram): string | undefined {
  const { bin, source } = program;
  if (source.kind !== 'debian') {
    const dir = source.kind === 'npm' ? npmDir : repoRoot;
    const file = bin.includes('/') ? path.join(dir, bin) : path.join(dir, 'node_modules', '.bin', bin);
    return isExecutable(file) ? file : undefined;
  }
  if (bin.startsWith('/')) return isExecutable(bin) ? bin : undefined;
  return (process.env['PATH'] ?? '').split(path.delimiter).filter(Boolean).map((dir) => path.join(dir, bin)).find(isExecutable);
}

/** How to install what is missing, said as the command to run. */
export function installHint(program: WideProgram): string {
  const { source } = program;
  if (source.kind === 'debian') return `apt-get install -y --no-install-recommends ${source.pkg}`;
  if (source.kind === 'npm') return 'npm run corpus (it runs npm ci in test/wide/npm)';
  return 'npm ci (a devDependency of the repository)';
}

/** The installed version: the Debian package's, or the npm package's own package.json. */
export async function versionOf(program: WideProgram): Promise<string> {
  const { source } = program;
  if (source.kind === 'debian') {
    const query = await execa('dpkg-query', ['-W', '-f', '${Version}', source.pkg], { reject: false, timeout: 10_000 });
    return query.exitCode === 0 && query.stdout.trim() ? query.stdout.trim() : '?';
  }
  const dir = source.kind === 'npm' ? npmDir : repoRoot;
  try {
    return (JSON.parse(readFileSync(path.join(dir, 'node_modules', source.pkg, 'package.json'), 'utf8')) as { version?: string }).version ?? '?';
  } catch {
    return '?';
  }
}
