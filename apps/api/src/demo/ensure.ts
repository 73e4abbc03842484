import { createDemoChangeRequests } from './change-requests.ts';
import type { Config } from '../config.ts';
import { progressLine } from '../lib/progress-line.ts';
import { sql, type Db } from '../plugins/db/index.ts';
import { formatDemoAccounts } from './accounts.ts';
import { createDemoRecurring } from './recurring.ts';
import { createDemoConfiguration } from './configuration.ts';
import { createDemoRouting } from './routing.ts';
import { createDemoShowcase } from './showcase.ts';
import { settleDemoHistory } from './settle-history.ts';
import { generateDemoWorld } from './world.ts';

/**
 * Creates the demo world on an empty database (no organisation yet), then prints the demo
 * accounts, at every start-up, so whoever starts Kassa knows how to sign in.
 */
export const ensureDemoWorld = async (db: Db, config: Config): Promise<void> => {
  const [row] = await db.query<{ exists: boolean }>(sql`select exists (select 1 from organisation) as exists`);
  if (!row.exists) {
    const started = Date.now();
    console.log(
      `Creating the demo world (seed ${config.demoSeed}, ${config.demoScale.toLocaleString('en')} transactions)…`,
    );
    const line = progressLine();
    const result = await generateDemoWorld(db, {
      seed: config.demoSeed,
      scale: config.demoScale,
      onlyIfEmpty: true,
      progress: (done) =>
        line.update(
          `  ${done.toLocaleString('en')} of ${config.demoScale.toLocaleString('en')} transactions ` +
            `(${Math.round((done / config.demoScale) * 100)} %, ${((Date.now() - started) / 1000).toFixed(0)} s)`,
        ),
    });
    if (result.created) {
      line.done(
        `Demo world created in ${((Date.now() - started) / 1000).toFixed(1)} s: ${result.transactions} transactions, ` +
          `${result.customers} customers, ${result.refunds} refunds, ${result.chargebacks} chargebacks.`,
      );
      // Plans and subscriptions are billed by the real engine, after the bulk world: see demo/recurring.ts.
      console.log('Billing the demo subscriptions…');
      const recurring = await createDemoRecurring(db, { seed: config.demoSeed });
      if (recurring)
        console.log(
          `Demo subscriptions: ${recurring.subscriptions} on ${recurring.plans} plans, ${recurring.charges} billing attempts.`,
        );
      // The year of subscription charges is still awaiting settlement: settled here, before the server
      // says it is ready, rather than by the worker's first run right after, which held PGlite's one
      // connection (and every first request) for about ten seconds. Those older than the settlement
      // importers' first report too: no acquirer's file will ever name them (demo/settle-history.ts).
      const settling = Date.now();
      const settled = await settleDemoHistory(db);
      if (settled > 0)
        console.log(
          `Settled ${settled} demo subscription payments in ${((Date.now() - settling) / 1000).toFixed(1)} s.`,
        );
      await createDemoRouting(db);
      await createDemoConfiguration(db);
      await createDemoChangeRequests(db);
      // Links, scheduled transactions and webhooks to this server's demo receiver (delivered once it listens).
      const showcasing = Date.now();
      const showcase = await createDemoShowcase(db, { publicUrl: config.publicUrl });
      console.log(
        `Demo links and webhooks: ${showcase.links} links, ${showcase.webhooks} webhooks queued (${Date.now() - showcasing} ms).`,
      );
      // The planner's statistics of the tables just filled. The embedded engine has no autovacuum
      // to gather them: without them the hourly customer scoring planned nested loops over its
      // trigger's transition tables and held the one connection for 100 s instead of 3. A small
      // sample, as the hourly job takes (jobs/maintenance.ts): 0.5 s instead of 3 on the first start.
      await db.transaction(async (tx) => {
        await tx.exec('set local default_statistics_target = 10');
        await tx.exec('analyze');
      });
    }
  }
  console.log(formatDemoAccounts());
};
