import { buildApp } from './app.ts';
import { createContext, flushLog } from './boot.ts';
import { ConfigError, loadConfig } from './config.ts';
import { databaseIsEmpty, seedDemo } from './modules/demo/seed.service.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const { ctx, close } = await createContext(config);
  const app = await buildApp(ctx);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close(); // stops accepting, lets in-flight requests finish
    await ctx.jobs.stop(5_000); // a longer job is handed back and rerun by the next worker, within the 10 s
    await close();
    await flushLog(ctx.logger);
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Tarang is up on ${config.publicUrl.origin} (database: ${ctx.dialect}, data: ${config.dataDir})`);

  if (config.seedDemo && (await databaseIsEmpty(ctx))) {
    app.log.info('Empty database: adding demo videos in the background (set SEED_DEMO=0 to skip)');
    seedDemo(ctx).then(
      (count) => app.log.info(`Added ${count} demo videos; they appear in the feed as soon as they are transcoded`),
      (err: unknown) => app.log.warn({ err }, 'Demo videos could not be added (is ffmpeg installed?)'),
    );
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
