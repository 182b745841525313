import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './platform/db/client.ts';
import { preloadConfiguredProviders } from './providers/llm/providers.ts';
import { seedDemo } from './seed/demo.ts';
import { seedGovernanceDemo } from './seed/demo-governance.ts';

/** V8's options for the exposed gc() (Node 24). */
interface GcOptions {
  type: 'major' | 'minor';
  execution: 'sync' | 'async';
  flavor: 'regular' | 'last-resort';
}

async function main() {
  const config = loadConfig();
  const started = Date.now();
  const { app, ctx } = await buildApp(config, { validateResponses: config.VALIDATE_RESPONSES === 'true' });
  if (config.HANGAR_SEED === 'demo') await seedDemo(ctx);
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Hangar is ready in ${Date.now() - started} ms`);
  // The language model providers the configuration names load after the start, not during it.
  preloadConfiguredProviders(config).catch((err) => app.log.warn({ err }, 'language model providers could not be loaded'));
  if (config.HANGAR_SEED === 'demo' && config.HANGAR_DEMO_WAREHOUSE === 'true') {
    // The demo warehouse runs through the real pipeline, which takes a minute: in the background.
    seedGovernanceDemo(ctx).catch((err) => app.log.error({ err }, 'demo warehouse failed'));
  }
  console.log(`\n  Hangar is running at ${config.publicUrl}\n  Sign in with a demo account (see README.md, "Demo accounts").\n`);
  // One full collection once started (`npm start` passes --expose-gc): the start's garbage (module
  // loading, migrations, seeding) would otherwise stay resident until the heap grows enough for V8 to
  // collect. The "last resort" flavour also gives back the young generation the start grew, so a
  // large --max-semi-space-size (fewer scavenges under load) costs no idle memory.
  (globalThis as { gc?: (options?: GcOptions) => void }).gc?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received: finishing in-flight requests, then closing`);
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.SHUTDOWN_GRACE_MS);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error('Hangar failed to start:', err);
  }
  process.exit(1);
});
