import { existsSync } from 'node:fs';
import { join } from 'node:path';
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

/** The web app's build that `npm start` runs beside this start-up (scripts/start.mjs), if any. */
const webBuild = (globalThis as Record<symbol, Promise<void> | undefined>)[Symbol.for('kassa.webBuild')];

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

const main = async () => {
  const started = Date.now();
  const config = loadConfig();
  const embedded = !config.databaseUrl && config.dataDir !== undefined;
  if (embedded && !existsSync(join(config.dataDir as string, 'PG_VERSION')))
    console.log(`Creating the embedded database in ${config.dataDir}…`);
  const db = await openDb(config);
  const migrating = Date.now();
  const version = await migrate(db, (count) => console.log(`Migrating the database: ${count} migration(s)…`));
  if (Date.now() - migrating > 1000) console.log(`Database at ${version} after ${seconds(migrating)}`);
  // Before the demo world: its secrets are sealed as they are written.
  applySecretKeys(config);
  if (config.demo) await ensureDemoWorld(db, config);
  const sealed = await sealPlainSecrets(db);
  if (sealed > 0) console.log(`Encrypted ${sealed} secret value(s) that were stored in clear`);
  if (webBuild) {
    let building = true;
    const waiting = setTimeout(() => building && console.log("Waiting for the web app's build…"), 100);
    await webBuild.finally(() => {
      building = false;
      clearTimeout(waiting);
    });
  }
  const app = await buildApp({ config, db, logger: true });
  await app.listen({ port: config.port, host: config.host });
  // Only once listening: the first jobs (the hourly statistics among them) share PGlite's one connection.
  const worker = config.inProcessWorker ? startWorker(db, config) : undefined;
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
