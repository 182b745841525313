// The production entry (`npm start`). It runs the server's bundle (server/dist/<stamp>/main.js,
// built by bundle.mjs in a child process when no bundle matches the sources): a few modules instead
// of some 300 source files, in less memory (docs/decisions.md, "The server bundle").
// HANGAR_BUNDLE=false, or a build that fails (no esbuild, a read-only tree), runs src/main.ts instead.
// Node's compile cache keeps the modules' bytecode (and the sources' stripped text) on disk, so a
// restart neither compiles them again nor, from the sources, loads the type stripper (about 17 MB
// resident for the life of the process).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleDir, stamp } from './bundle.mjs';

function entry() {
  const source = pathToFileURL(path.join(import.meta.dirname, 'src/main.ts')).href;
  if (process.env.HANGAR_BUNDLE === 'false') return source;
  const current = stamp();
  const main = path.join(bundleDir(current), 'main.js');
  if (!existsSync(main)) {
    const built = spawnSync(process.execPath, [path.join(import.meta.dirname, 'bundle.mjs'), current], { stdio: 'inherit' });
    if (built.status !== 0 || !existsSync(main)) {
      console.warn('The server bundle could not be built (see above): running the sources instead.');
      return source;
    }
  }
  return pathToFileURL(main).href;
}

module.enableCompileCache();
await import(entry());
module.flushCompileCache();
