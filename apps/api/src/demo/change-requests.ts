import { diffSnapshots, processorsOf, type RoutingNode } from '@kassa/domain';
import { newId } from '../lib/ids.ts';
import { versionOf } from '../modules/changes/change-gate.ts';
import { sql, type Db } from '../plugins/db/index.ts';

/**
 * Four eyes in the demo world (issue 35): Noordlicht Mode puts routing, rulesets, payment profiles
 * and bank accounts under its policy, has a card routing, and a few change requests in each state.
 */
export const createDemoChangeRequests = async (db: Db): Promise<void> => {
  const [merchant] = await db.query<{ id: string }>(
    sql`select id from organisation where name = 'Noordlicht Mode' and type = 'merchant'`,
  );
  const processors = await db.query<{ id: string }>(
    sql`select id from processor where payment_product = 'card' order by name limit 2`,
  );
  const users = await db.query<{ id: string; name: string; email: string }>(
    sql`select id, name, email from app_user where email in ('mode@kassa.test', 'approver@kassa.test') order by email`,
  );
  if (!merchant || processors.length < 2 || users.length < 2) return;
  const [approver, author] = users;
  const [first, second] = processors.map((p) => p.id);
  const tree = (then: string, otherwise: string): RoutingNode => ({
    if: [{ name: 'amount', operator: '>=', value: '50000' }],
    then,
    else: otherwise,
  });
  const routing = newId('rou');
  const current = tree(first, second);
  await db.query(sql`insert into routing (id, organisation_id, merchant_id, name, payment_product, processors, details)
    values (${routing}, ${merchant.id}, ${merchant.id}, 'Noordlicht cards', 'card', ${processorsOf(current)}, ${JSON.stringify(current)})`);
  await db.query(sql`insert into change_policy (organisation_id, kinds, expiry_hours, updated_by)
    values (${merchant.id}, ${['routing', 'validationruleset', 'paymentprofile', 'bankaccount', 'settlement-profile', 'apikey', 'user']}, 168, ${approver.id})
    on conflict (organisation_id) do nothing`);
  const [row] = await db.query<Record<string, unknown>>(sql`select * from routing where id = ${routing}`);
  const base = versionOf(row);
  const ask = async (
    details: RoutingNode,
    note: string,
    state: { status: string; hoursAgo: number; decided?: string; emergency?: string },
  ) => {
    const before = { details: current };
    const body = { details };
    await db.query(sql`insert into change_request (id, organisation_id, merchant_id, kind, action, entity_id, entity_name,
        body, before, diff, base_version, note, status, emergency, emergency_reason, due_at, expires_at, requested_by,
        requested_by_name, decided_by, decided_by_name, decided_at, decision_comment, created_at, updated_at)
      values (${newId('chr')}, ${merchant.id}, ${merchant.id}, 'routing', 'update', ${routing}, 'Noordlicht cards',
        ${JSON.stringify(body)}, ${JSON.stringify(before)}, ${JSON.stringify(diffSnapshots(before, body))}, ${base}, ${note},
        ${state.status}, ${Boolean(state.emergency)}, ${state.emergency ?? null},
        ${state.emergency ? sql`now() - make_interval(hours => ${state.hoursAgo}) + interval '24 hours'` : null},
        now() - make_interval(hours => ${state.hoursAgo}) + interval '168 hours',
        ${author.id}, ${author.name},
        ${state.decided ? approver.id : null}, ${state.decided ? approver.name : null},
        ${state.decided ? sql`now() - make_interval(hours => ${state.hoursAgo - 1})` : null}, ${state.decided ?? null},
        now() - make_interval(hours => ${state.hoursAgo}), now() - make_interval(hours => ${state.hoursAgo}))`);
  };
  await ask(tree(second, first), 'Large card payments to the cheaper acquirer', { status: 'pending', hoursAgo: 2 });
  await ask(tree(second, second), 'Try one acquirer for all cards', { status: 'pending', hoursAgo: 20 });
  await ask(tree(first, first), 'Back to one acquirer', {
    status: 'rejected',
    hoursAgo: 50,
    decided: 'Costs too much',
  });
  await ask(tree(second, first), 'Swap for the sale weekend', { status: 'pending', hoursAgo: 200 });
  await ask(tree(first, second), 'Same as now, recorded', { status: 'approved', hoursAgo: 100, decided: 'Fine' });
  await ask(tree(first, second), 'Acquirer outage', {
    status: 'emergency',
    hoursAgo: 30,
    emergency: 'Acquirer outage',
  });
};
