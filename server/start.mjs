// The production entry (`npm start`): Node's compile cache keeps the TypeScript sources' stripped
// text and bytecode on disk, so a restart neither loads the type stripper (about 17 MB resident
// for the life of the process) nor compiles the modules again.
import module from 'node:module';

module.enableCompileCache();
await import('./src/main.ts');
module.flushCompileCache();
