import type { PaymentProduct } from '@kassa/domain';
import { registerJobHandler } from '../jobs/handlers.ts';
import { schedulePeriodic } from '../jobs/schedules.ts';
import { recordAudit } from '../plugins/audit.ts';
import { sql, type Db } from '../plugins/db/index.ts';
import { chargePayment } from '../modules/payments/charge.service.ts';
import { activityAt } from './calendar.ts';

export const DEMO_TRAFFIC_QUEUE = 'demo.traffic';
/** A tick every few seconds; at the busiest hour each tick pays, at night about one in fifty. */
export const DEMO_TRAFFIC_EVERY_SECONDS = 4;

// Mostly approving test cards, some that decline (see the sandbox acquirer), like a real day.
const CARDS: [string, number][] = [
  ['4111111111111111', 40],
  ['5555555555554444', 30],
  ['378282246310005', 8],
  ['6759649826438453', 8],
  ['4000000000009995', 4],
  ['4000000000000002', 3],
  ['4000000000000069', 2],
  ['4100000000000019', 1],
  ['4000000000000119', 1],
];
const pickCard = (random: () => number): string => {
  let left = random() * CARDS.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [number, weight] of CARDS) if ((left -= weight) < 0) return number;
  return CARDS[0][0];
};

type Candidate = { profile: string; organisation: string; product: PaymentProduct; customer: string | null };

/** A random demo profile with an active processor, one of its products and a customer of its organisation. */
const pickCandidate = async (db: Db): Promise<Candidate | undefined> => {
  const [row] = await db.query<Candidate>(sql`
    select p.id as profile, p.organisation_id as organisation, pr.payment_product as product,
      (select c.id from customer c where c.organisation_id = p.organisation_id and c.status <> 'UNKNOWN' offset floor(random() * 50) limit 1) as customer
    from payment_profile p join processor pr on pr.id = any(p.processors) and pr.active and pr.payment_product is not null
    order by random() limit 1`);
  return row;
};

/** One live demo payment through the payments engine, with its audit entry, in one database transaction. */
export const makeDemoPayment = async (db: Db, random: () => number = Math.random): Promise<string | null> => {
  const candidate = await pickCandidate(db);
  if (!candidate) return null;
  // Amounts around 45.00, most between 10.00 and 200.00.
  const amount = Math.max(
    100,
    Math.round(Math.exp(Math.log(4500) + 0.8 * (random() + random() + random() - 1.5) * 1.4)),
  );
  return db.transaction(async (tx) => {
    const result = await chargePayment(tx, {
      organisationId: candidate.organisation,
      paymentProfileId: candidate.profile,
      customerId: candidate.customer,
      amount,
      productType: candidate.product,
      merchantReference: `LIVE-${Date.now().toString(36).toUpperCase()}`,
      cardNumber: candidate.product === 'card' ? pickCard(random) : null,
    });
    await recordAudit(tx, {
      organisationId: candidate.organisation,
      userName: 'Demo traffic',
      authentication: 'none',
      type: 'transaction_created',
      responseCode: 201,
      entity: 'transaction',
      entityId: result.transactionId,
      transactionId: result.transactionId,
      paymentProfileId: candidate.profile,
      detail: { amount, status: result.status, status_reason: result.statusReason, decision: result.decision },
    });
    return result.transactionId;
  });
};

/** In demo mode (unless DEMO_TRAFFIC=false), a payment every few seconds following the demo world's daily rhythm. */
export const registerDemoTraffic = (): void => {
  registerJobHandler(DEMO_TRAFFIC_QUEUE, async (_payload, ctx) => {
    if (!ctx.config.demo || !ctx.config.demoTraffic) return;
    if (Math.random() >= activityAt(new Date())) return;
    await makeDemoPayment(ctx.db);
  });
  schedulePeriodic(DEMO_TRAFFIC_QUEUE, DEMO_TRAFFIC_EVERY_SECONDS);
};
