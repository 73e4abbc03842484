import type { RoutingNode } from '@kassa/domain';
import { newId } from '../lib/ids.ts';
import { sql, type Db } from '../plugins/db/index.ts';

type Split = { type: 'split'; targets: { processor: string; weight: number }[] };

/**
 * Turns the demo profiles' weighted card splits into real routing trees the payments engine walks:
 * a split of 70/30 becomes "random < 70 → first, else second" (with amounts of 1,000.00 or more
 * always on the first), a routing per profile the risk screens show. Runs once, after the bulk world.
 */
export const createDemoRouting = async (db: Db): Promise<number> => {
  const profiles = await db.query<{
    id: string;
    name: string;
    organisation_id: string;
    merchant_id: string;
    routing: { card?: Split };
  }>(
    sql`select id, name, organisation_id, merchant_id, routing from payment_profile where routing->'card'->>'type' = 'split'`,
  );
  for (const profile of profiles) {
    const [first, second] = profile.routing.card?.targets ?? [];
    if (!first || !second) continue;
    const details: RoutingNode = {
      if: [{ name: 'amount', operator: '>=', value: '100000' }],
      then: first.processor,
      else: {
        if: [{ name: 'random', operator: '<', value: String(first.weight) }],
        then: first.processor,
        else: second.processor,
      },
    };
    const id = newId('rt');
    await db.transaction(async (tx) => {
      await tx.query(sql`insert into routing (id, organisation_id, merchant_id, name, payment_product, processors, details)
        values (${id}, ${profile.organisation_id}, ${profile.merchant_id}, ${`${profile.name}: cards`}, 'card', ${[first.processor, second.processor]}, ${JSON.stringify(details)})`);
      // The toggle on, as the screens show a profile that routes (risk-config.md §4): the engine follows it.
      await tx.query(
        sql`update payment_profile set routing = jsonb_set(routing, '{card}', to_jsonb(${id}::text)), intelligent_routing = true where id = ${profile.id}`,
      );
    });
  }
  return profiles.length;
};
