// Runs on both engines: issue 36 asks for its proof on PGlite and PostgreSQL (vitest.config.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.ts';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { caller } from '../payments/payments-test-helpers.ts';

let t: TestApp;
let world: TestWorld;
let call: ReturnType<typeof caller>;
let a: { cookie: string };
let b: { cookie: string };
let analyst: { cookie: string };
let norole: { cookie: string };

type Org = { id: string; merchantId: string | null };
/** A decided chargeback: its reason, outcome, amount, when it was decided, and the kinds of evidence filed. */
const decided = async (
  org: Org,
  profile: string,
  d: { code: string; status: 'WON' | 'LOST'; amount: number; at: string; outcome?: string | null; files?: string[] },
) => {
  const tx = await insertTestTransaction(t.db, org, profile, {});
  const id = newId('cb');
  await t.db
    .query(sql`insert into chargeback (id, organisation_id, merchant_id, transaction_id, payment_profile_id, amount, currency_code,
      reason_code, status, response_outcome, resolved_at)
    values (${id}, ${org.id}, ${org.merchantId}, ${tx}, ${profile}, ${d.amount}, 'EUR', ${d.code}, ${d.status},
      ${d.outcome === undefined ? 'submitted' : d.outcome}, ${d.at})`);
  for (const kind of d.files ?? [])
    await t.db
      .query(sql`insert into dispute_evidence (id, chargeback_id, organisation_id, merchant_id, kind, file_name, content_type, size, content)
      values (${newId('ev')}, ${id}, ${org.id}, ${org.merchantId}, ${kind}, 'f.pdf', 'application/pdf', 5, ${Buffer.from('%PDF-')})`);
  return id;
};
const RANGE = 'created_at>=2026-01-01T00:00:00Z&created_at<=2026-12-31T23:59:59Z';

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  call = caller(t.app);
  [a, b, analyst, norole] = await Promise.all(
    ['a', 'b', 'a-analyst', 'a-norole'].map((name) => signIn(t.app, `${name}@test.kassa`, TEST_PASSWORD)),
  );
  const A = (d: Parameters<typeof decided>[2]) => decided(world.shopA, world.profileA, d);
  await A({ code: '4853', status: 'WON', amount: 1000, at: '2026-03-10T10:00:00Z', files: ['proof_of_delivery'] });
  await A({
    code: '4853',
    status: 'WON',
    amount: 2000,
    at: '2026-03-20T10:00:00Z',
    files: ['proof_of_delivery', 'customer_communication'],
  });
  await A({ code: '4853', status: 'LOST', amount: 4000, at: '2026-04-02T10:00:00Z', files: ['other'] });
  await A({ code: '10.4', status: 'WON', amount: 500, at: '2026-04-05T10:00:00Z' });
  await A({ code: '10.4', status: 'LOST', amount: 700, at: '2026-04-06T10:00:00Z', outcome: 'expired' });
  await A({ code: '13.1', status: 'LOST', amount: 300, at: '2026-04-30T23:30:00Z', outcome: 'accepted' });
  // Outside the range, and another merchant's.
  await A({ code: '4853', status: 'WON', amount: 9999, at: '2025-12-31T10:00:00Z', files: ['proof_of_delivery'] });
  await decided(world.shopB, world.profileB, {
    code: '4853',
    status: 'LOST',
    amount: 8888,
    at: '2026-03-15T10:00:00Z',
  });
});
afterAll(() => t.close());

describe('dispute analytics', () => {
  it('answers the win rate by reason code and by evidence, and won and lost per local month', async () => {
    const answer = await call(a, 'GET', `/v1/statistics/disputes?${RANGE}&currency_code=EUR`);
    expect(answer.status).toBe(200);
    expect(answer.body.currency_code).toBe('EUR');
    expect(answer.body.by_reason_code).toEqual([
      { reason_code: '4853', decided: 3, won: 2, win_rate: 2 / 3 },
      { reason_code: '10.4', decided: 2, won: 1, win_rate: 0.5 },
      { reason_code: '13.1', decided: 1, won: 0, win_rate: 0 },
    ]);
    const evidence = Object.fromEntries(
      answer.body.by_evidence.map((r: { evidence: string; decided: number; won: number }) => [
        r.evidence,
        [r.decided, r.won],
      ]),
    );
    expect(evidence).toEqual({
      proof_of_delivery: [2, 2],
      customer_communication: [1, 1],
      other: [1, 0],
      none: [1, 1],
      expired: [1, 0],
      accepted: [1, 0],
    });
    // The last one was decided on 30 April 23:30 UTC: 1 May in Amsterdam, the user's zone.
    expect(answer.body.by_month).toEqual([
      { month: '2026-03', won: 2, lost: 0, won_amount: 3000, lost_amount: 0 },
      { month: '2026-04', won: 1, lost: 2, won_amount: 500, lost_amount: 4700 },
      { month: '2026-05', won: 0, lost: 1, won_amount: 0, lost_amount: 300 },
    ]);
  });

  it('keeps tenancy and roles: another merchant sees only its own, a user without chargeback roles is refused', async () => {
    const foreign = await call(b, 'GET', `/v1/statistics/disputes?${RANGE}&currency_code=EUR`);
    expect(foreign.body.by_reason_code).toEqual([{ reason_code: '4853', decided: 1, won: 0, win_rate: 0 }]);
    expect(foreign.body.by_month).toEqual([{ month: '2026-03', won: 0, lost: 1, won_amount: 0, lost_amount: 8888 }]);
    expect((await call(analyst, 'GET', `/v1/statistics/disputes?${RANGE}`)).status).toBe(403);
    expect((await call(norole, 'GET', `/v1/statistics/disputes?${RANGE}`)).status).toBe(403);
    const unknown = await call(a, 'GET', '/v1/statistics/disputes?reason=4853');
    expect(unknown.status).toBe(400);
  });
});
