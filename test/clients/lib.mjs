// Shared pieces of measure.mjs and its drivers: loading client packages from a folder outside the
// repo, starting the fake model, and reading what a model received.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

// Packages installed in <dir>/node_modules, loaded as an ESM app in <dir> would load them.
export function packages(dir) {
  const root = (name, from = dir) => {
    for (let d = from; ; d = dirname(d)) {
      const p = join(d, 'node_modules', name);
      if (existsSync(join(p, 'package.json'))) return p;
      if (dirname(d) === d) return null;
    }
  };
  const manifest = (name, from) => {
    const p = root(name, from);
    return p && { dir: p, json: JSON.parse(readFileSync(join(p, 'package.json'), 'utf8')) };
  };
  return {
    dir,
    has: (name) => root(name) !== null,
    version: (name, from) => manifest(name, from)?.json.version ?? null,
    major: (name, from) => Number((manifest(name, from)?.json.version ?? 'NaN').split('.')[0]),
    // `from`: a package whose own dependency this is (e.g. Mastra's aliased AI SDK provider).
    async load(name, subpath = '.', from) {
      const m = manifest(name, from && root(from));
      if (!m) throw new Error(`package ${name} is not installed in ${dir}`);
      const file = entry(m.json, subpath);
      if (!file) throw new Error(`package ${name} has no ESM entry for ${subpath}`);
      return import(pathToFileURL(join(m.dir, file)).href);
    },
  };
}

// The file an `import` of <pkg><subpath> resolves to, by the package's "exports" (node, import, default).
function entry(json, subpath) {
  const pick = (t) => {
    if (typeof t === 'string') return t;
    if (Array.isArray(t)) return t.map(pick).find(Boolean);
    if (t && typeof t === 'object') {
      for (const k of ['node', 'import', 'module-sync', 'default']) if (k in t) {
        const r = pick(t[k]);
        if (r) return r;
      }
    }
    return null;
  };
  const ex = json.exports;
  if (ex) {
    const map = typeof ex === 'string' || Array.isArray(ex) || !Object.keys(ex).some((k) => k.startsWith('.')) ? { '.': ex } : ex;
    if (map[subpath] !== undefined) return pick(map[subpath]);
    for (const [k, v] of Object.entries(map)) {
      if (k.endsWith('*') && subpath.startsWith(k.slice(0, -1))) return pick(v)?.replace('*', subpath.slice(k.length - 1));
    }
    return null;
  }
  if (subpath !== '.') return subpath.replace(/^\.\//, '') + (subpath.endsWith('.js') ? '' : '.js');
  return json.module ?? json.main ?? 'index.js';
}

// Starts fake-model.mjs on a free loopback port; resolves to {url, stop()}.
export function startFake(fakeModel, plan, log) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fakeModel, '--port', '0', '--plan', JSON.stringify(plan), '--log', log, '--quiet'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const fail = (why) => {
      child.kill();
      reject(new Error(`fake model did not start: ${why}${err ? `: ${err.trim()}` : ''}`));
    };
    const timer = setTimeout(() => fail('no port after 10 s'), 10_000);
    child.stderr.on('data', (d) => (err += d));
    child.on('error', (e) => fail(e.message));
    child.on('exit', (code) => fail(`exited with ${code}`));
    child.stdout.on('data', (d) => {
      out += d;
      const m = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({
        url: m[0],
        stop: () => new Promise((done) => (child.exitCode !== null ? done() : (child.once('exit', done), child.kill()))),
      });
    });
  });
}

export const readJsonl = (file) =>
  existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)) : [];

// How the model's view reads: as cli-mcp's structuredContent JSON ({"stdout":…,"exitCode":…}) or as
// text; and how many times a marker from the command's output appears in it, as is or JSON-escaped
// once or twice (a second copy: the client passed both the text content and the JSON).
export function analyze(text, marker) {
  const structured = /"exitCode"\s*:\s*(-?\d+|null)/.test(text);
  const forms = new Set([marker]);
  for (let i = 0, f = marker; i < 2; i++) forms.add((f = JSON.stringify(f).slice(1, -1)));
  let times = 0;
  for (const f of forms) times += text.split(f).length - 1;
  return { view: structured ? (times > 1 ? 'both' : 'JSON') : 'text', times };
}
