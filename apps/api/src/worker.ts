import { loadConfig } from './config.ts';
import { migrate, openDb } from './plugins/db/index.ts';
import { startWorker } from './jobs/worker.ts';
import { serveMetricsPort } from './plugins/metrics.ts';
import { flushTracing, startTracing } from './lib/tracing.ts';

/** `npm run worker`: the job worker alone, for running api and workers as separate processes. */
const main = async () => {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error(
      'A standalone worker needs DATABASE_URL (a PostgreSQL server). The embedded database allows ' +
        'one process at a time, and there the api process runs the worker itself (npm start).',
    );
    process.exit(2);
  }
  await startTracing(config);
  const db = await openDb(config);
  const version = await migrate(db);
  const worker = startWorker(db, config);
  const metricsServer = config.metricsPort ? await serveMetricsPort(db, config.metricsPort, config.host) : undefined;
  console.log(
    `Kassa worker ${worker.workerId} running (${db.engine}, migration ${version}, concurrency ${config.workerConcurrency})`,
  );

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log(
      `Kassa worker stopping: finishing running jobs for up to ${config.shutdownTimeoutSeconds} s, then handing the rest back`,
    );
    await worker.stop(config.shutdownTimeoutSeconds * 1000);
    metricsServer?.close();
    await flushTracing();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
