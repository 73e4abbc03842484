/**
 * Times the routing and ruleset backtests over 100,000 transactions of one merchant in the last
 * 30 days on the embedded engine: the demo world's transactions, moved into one merchant's month.
 * Run: node --import tsx bench/backtest.ts [--scale N]
 */
import { parseArgs } from 'node:util';
import { generateDemoWorld } from '../apps/api/src/demo/world.ts';
import { backtestRouting, backtestRuleset } from '../apps/api/src/modules/risk/backtest.service.ts';
import { migrate, sql } from '../apps/api/src/plugins/db/index.ts';
import { openPglite } from '../apps/api/src/plugins/db/pglite.ts';
import type { Actor } from '../apps/api/src/plugins/actor.ts';

const { values } = parseArgs({ options: { scale: { type: 'string', default: '100000' } } });
const scale = Number(values.scale);
const db = await openPglite();
await migrate(db);
let started = Date.now();
await generateDemoWorld(db, { seed: 2026, scale });
console.log(`demo world of ${scale} transactions in ${((Date.now() - started) / 1000).toFixed(1)} s`);

const [merchant] = await db.query<{ id: string; path: string }>(
  sql`select id, path from organisation where type = 'merchant' order by created_at limit 1`,
);
await db.query(sql`update transaction set organisation_id = ${merchant.id}, merchant_id = ${merchant.id},
  created_at = now() - (random() * interval '29 days'), payment_product_type = 'card'`);
await db.exec('vacuum analyze transaction');
const processors = (
  await db.query<{ id: string }>(sql`select id from processor where payment_product = 'card' order by id limit 2`)
).map((p) => p.id);
const [provider] = await db.query<{ id: string; path: string }>(
  sql`select id, path from organisation where type = 'provider'`,
);
const actor: Actor = {
  userId: 'bench',
  scope: { kind: 'all' },
  organisation: { id: provider.id, type: 'provider', path: provider.path },
  audit: {},
};

const tree = {
  if: [{ name: 'amount' as const, operator: '>' as const, value: '10000' }],
  then: processors[0],
  else: {
    if: [
      { name: 'country_code', operator: '==' as const, value: 'NL' },
      { name: 'random', operator: '<' as const, value: '50' },
    ],
    then: processors[1],
    else: processors[0],
  },
};
for (let run = 1; run <= 3; run++) {
  started = performance.now();
  const routing = await backtestRouting(db, actor, {
    organisation: merchant.id,
    payment_product: 'card',
    details: tree,
  });
  const routingMs = performance.now() - started;
  started = performance.now();
  const ruleset = await backtestRuleset(db, actor, {
    organisation: merchant.id,
    action: 'block',
    rules: [
      { name: 'card_brand', operator: 'IN', value: ['amex', 'maestro'] },
      { name: 'amount', operator: '>', value: '5000' },
    ],
  });
  const rulesetMs = performance.now() - started;
  console.log(
    `run ${run}: routing ${routing.transactions} tx in ${routingMs.toFixed(0)} ms ${JSON.stringify(routing.draft)}; ruleset ${ruleset.transactions} tx in ${rulesetMs.toFixed(0)} ms ${JSON.stringify(ruleset.draft)}`,
  );
}
await db.close();
