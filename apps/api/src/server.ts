import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { DataDirLockedError } from './plugins/db/data-dir-lock.ts';
import { migrate, openDb } from './plugins/db/index.ts';
import { ensureDemoWorld } from './demo/ensure.ts';
import { startWorker } from './jobs/worker.ts';

const main = async () => {
  const started = Date.now();
  const config = loadConfig();
  const db = await openDb(config);
  const version = await migrate(db);
  if (config.demo) await ensureDemoWorld(db, config);
  const app = await buildApp({ config, db, logger: true });
  const worker = config.inProcessWorker ? startWorker(db, config) : undefined;
  await app.listen({ port: config.port, host: config.host });
  console.log(`Kassa is ready at ${config.publicUrl} (${db.engine}, migration ${version}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const stop = async () => {
    await worker?.stop();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
};

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
