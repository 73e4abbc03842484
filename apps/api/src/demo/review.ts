import { newId } from '../lib/ids.ts';
import { sql, type Queryable } from '../plugins/db/index.ts';
import { chargePayment } from '../modules/payments/charge.service.ts';

const HOUR = 3_600_000;
/** The demo review rule: card payments of 750.00 or more wait for a person (issue 36). */
export const DEMO_REVIEW_THRESHOLD = 75_000;

/**
 * The largest demo merchant's review rule and a handful of payments it held, through the one
 * payment path, so the review queue has work: of different ages (one past its SLA), amounts and
 * customers, some with a card from another country than the shopper's.
 */
export const createDemoReviewQueue = async (tx: Queryable, now: number): Promise<number> => {
  const [merchant] = await tx.query<{ organisation_id: string; profile_id: string }>(sql`
    select u.organisation_id, p.id as profile_id from app_user u
      join payment_profile p on p.organisation_id = u.organisation_id
      join processor pr on pr.id = any(p.processors) and pr.payment_product = 'card' and pr.active
    where u.email = 'merchant@kassa.test' order by p.created_at, p.id limit 1`);
  if (!merchant) return 0;
  const [org] = await tx.query<{ merchant_id: string }>(
    sql`select coalesce(merchant_id, id) as merchant_id from organisation where id = ${merchant.organisation_id}`,
  );
  await tx.query(sql`insert into validation_ruleset (id, organisation_id, merchant_id, name, action, rules)
    values (${newId('vr', now)}, ${merchant.organisation_id}, ${org.merchant_id}, 'Large card payments', 'review',
      ${JSON.stringify([{ name: 'amount', operator: '>=', value: String(DEMO_REVIEW_THRESHOLD) }])}::jsonb)`);
  const customers = await tx.query<{ id: string }>(sql`select id from customer
    where organisation_id = ${merchant.organisation_id} and status in ('VERIFIED', 'AUTO_VERIFIED') order by id limit 6`);
  // Amounts avoid the sandbox's declining endings (51, 52, 53); cards from the documented test cards.
  const cards = ['4242424242424242', '5555555555554444', '4111111111111111', '6759649826438453'];
  const held: string[] = [];
  for (let i = 0; i < customers.length; i++) {
    const charged = await chargePayment(tx, {
      notify: false,
      organisationId: merchant.organisation_id,
      paymentProfileId: merchant.profile_id,
      customerId: customers[i].id,
      amount: DEMO_REVIEW_THRESHOLD + 12_340 * (i + 1) + 5,
      productType: 'card',
      merchantReference: `HOLD-${1001 + i}`,
      description: 'Order waiting for review',
      cardNumber: cards[i % cards.length],
    });
    held.push(charged.transactionId);
  }
  // Spread over the last hours: the oldest is past its four-hour SLA.
  for (let i = 0; i < held.length; i++) {
    const at = new Date(now - i * 1.1 * HOUR);
    await tx.query(sql`update review_case set created_at = ${at}, updated_at = ${at},
        sla_due_at = ${new Date(at.getTime() + 4 * HOUR)}, expires_at = ${new Date(at.getTime() + 6 * 24 * HOUR)}
      where transaction_id = ${held[i]}`);
    await tx.query(sql`update transaction set created_at = ${at}, updated_at = ${at} where id = ${held[i]}`);
  }
  return held.length;
};
