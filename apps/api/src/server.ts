import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { DataDirLockedError } from './plugins/db/data-dir-lock.ts';
import { migrate, openDb } from './plugins/db/index.ts';
import { ensureDemoWorld } from './demo/ensure.ts';
import { startWorker } from './jobs/worker.ts';
import { isMailboxOpen } from './modules/dev/dev.routes.ts';
import { applySecretKeys } from './lib/secret-key-file.ts';
import { sealPlainSecrets } from './lib/sealed-secrets.ts';
import { serveMetricsPort } from './plugins/metrics.ts';
import { drainAndClose } from './plugins/shutdown.ts';

const main = async () => {
  const started = Date.now();
  const config = loadConfig();
  const db = await openDb(config);
  const version = await migrate(db);
  if (config.demo) await ensureDemoWorld(db, config);
  applySecretKeys(config);
  const sealed = await sealPlainSecrets(db);
  if (sealed > 0) console.log(`Encrypted ${sealed} secret value(s) that were stored in clear`);
  const app = await buildApp({ config, db, logger: true });
  const worker = config.inProcessWorker ? startWorker(db, config) : undefined;
  await app.listen({ port: config.port, host: config.host });
  const metricsServer = config.metricsPort ? await serveMetricsPort(db, config.metricsPort, config.host) : undefined;
  if (config.demo) {
    // Loud on purpose: demo accounts share a published password, so this must never reach real users.
    const lines = ['DEMO MODE IS ON: the demo accounts and their published password can sign in.'];
    if (isMailboxOpen(config))
      lines.push(
        `Mail is not sent but kept in the stored mailbox (${config.publicUrl}/v1/dev/mailbox, provider super users only).`,
      );
    lines.push('Never run demo mode where real users are: set DEMO=false (the default when DATABASE_URL is set).');
    console.warn(`\n${lines.map((line) => `!!! ${line}`).join('\n')}\n`);
  }
  console.log(
    `Kassa is ready at ${config.publicUrl} (${db.engine}, migration ${version}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Not ready at once, no new connections, requests and jobs in flight finish (or jobs are handed back) by the deadline.
    app.log.info(
      { signal, timeoutSeconds: config.shutdownTimeoutSeconds },
      'shutting down: finishing requests and jobs in flight',
    );
    const timeoutMs = config.shutdownTimeoutSeconds * 1000;
    await Promise.all([drainAndClose(app, timeoutMs), worker?.stop(timeoutMs)]);
    metricsServer?.close();
    await db.close();
    app.log.info('stopped');
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
