// The production bundle of the server's own code (docs/decisions.md, "The server bundle"): esbuild
// joins server/src and the contract into server/dist/<stamp>/, packages stay external. Run by
// start.mjs when no bundle matches the sources, and by `npm run build`.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const SERVER = import.meta.dirname;
const ROOT = path.resolve(SERVER, '..');
export const DIST = path.join(SERVER, 'dist');
/** What the bundle is made of: a change to any file under these (or to this script) makes a new stamp. */
const INPUTS = [path.join(SERVER, 'src'), path.join(ROOT, 'contract/src'), path.join(ROOT, 'contract/package.json')];
const OWN = [path.join(SERVER, 'src'), path.join(ROOT, 'contract/src')];

function* files(entry) {
  const st = statSync(entry);
  if (!st.isDirectory()) {
    yield [entry, st];
    return;
  }
  for (const name of readdirSync(entry).sort()) {
    if (name.endsWith('.test.ts')) continue;
    yield* files(path.join(entry, name));
  }
}

/**
 * A short name for the sources as they are now (paths, sizes, modification times, and this
 * script's text): a directory per stamp, so a rebuild never rewrites chunks a running server may still import.
 */
export function stamp() {
  let h = 0x811c9dc5;
  const mix = (s) => {
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  };
  mix(readFileSync(import.meta.filename, 'utf8'));
  for (const input of INPUTS) for (const [file, st] of files(input)) mix(`${file}\0${st.size}\0${st.mtimeMs}\n`);
  return h.toString(36);
}

export const bundleDir = (s) => path.join(DIST, s);

// Each own file keeps its own location: paths derived from it (migrations, the web app, the user
// guide, worker and child modules, createRequire) resolve as they do from the sources.
const ownLocation = {
  name: 'own-location',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      if (!OWN.some((dir) => args.path.startsWith(dir + path.sep))) return undefined;
      const text = readFileSync(args.path, 'utf8')
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path));
      return { contents: text, loader: 'ts' };
    });
  },
};

// Packages load from node_modules as they do for the sources; the contract is the project's own code.
// (Inlining pg-boss and its dependencies too was measured: docs/decisions.md, "The server bundle".)
const packagesExternal = {
  name: 'packages-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path === '@hangar/contract' || args.path.startsWith('@hangar/contract/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** Builds the bundle for `s` unless it is there; safe when several processes start at once. */
export async function build(s = stamp()) {
  const dir = bundleDir(s);
  if (existsSync(path.join(dir, 'main.js'))) return dir;
  const { build: esbuild } = await import('esbuild');
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  const { outputFiles } = await esbuild({
    entryPoints: { main: path.join(SERVER, 'src/main.ts') },
    outdir: tmp,
    bundle: true,
    // Lazy `import()`s stay lazy: without splitting their packages become static imports of the one file.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    chunkNames: 'chunks/[name]-[hash]',
    plugins: [packagesExternal, ownLocation],
    logLevel: 'warning',
    legalComments: 'none',
    // V8 keeps a module's source text in memory, in two bytes per character if one character needs
    // it: ASCII output halves the bundle's (esbuild escapes strings and patterns; what is left is comments).
    charset: 'ascii',
    write: false,
  });
  for (const file of outputFiles) {
    mkdirSync(path.dirname(file.path), { recursive: true });
    writeFileSync(
      file.path,
      file.text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
    );
  }
  try {
    renameSync(tmp, dir);
  } catch (err) {
    // Another process finished the same stamp first.
    rmSync(tmp, { recursive: true, force: true });
    if (!existsSync(path.join(dir, 'main.js'))) throw err;
  }
  prune(s);
  return dir;
}

/** Keeps the newest older bundle (a server started from it may still import its lazy chunks) and removes the rest. */
function prune(current) {
  const others = readdirSync(DIST)
    .filter((name) => name !== current && !name.includes('.tmp-'))
    .map((name) => ({ name, mtime: statSync(path.join(DIST, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const { name } of others.slice(1)) rmSync(path.join(DIST, name), { recursive: true, force: true });
}

if (import.meta.main) {
  const started = performance.now();
  const dir = await build(process.argv[2] ?? stamp());
  console.log(`server bundle: ${path.relative(ROOT, dir)} (${Math.round(performance.now() - started)} ms)`);
}
