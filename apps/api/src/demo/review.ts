import { newId } from '../lib/ids.ts';
import { sql, type Queryable } from '../plugins/db/index.ts';
import { chargePayment } from '../modules/payments/charge.service.ts';
import { transitionTransaction } from '../modules/payments/lifecycle.service.ts';
import { writeReviewDecision } from '../modules/review/review-case.repository.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
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
  await createDemoReviewDecisions(tx, merchant, cards, now);
  return held.length;
};

/**
 * Earlier decisions for the review dashboard and the rule's backtest (decisions are labels): the
 * merchant's reviewer approved some and declined others over the last days, the expiry policy one.
 */
const createDemoReviewDecisions = async (
  tx: Queryable,
  merchant: { organisation_id: string; profile_id: string },
  cards: string[],
  now: number,
) => {
  const [reviewer] = await tx.query<{ id: string }>(sql`select id from app_user where email = 'merchant@kassa.test'`);
  const decisions = [
    ['APPROVED', 'reviewer', 1],
    ['APPROVED', 'reviewer', 2],
    ['APPROVED', 'reviewer', 4],
    ['DECLINED', 'reviewer', 3],
    ['DECLINED', 'reviewer', 5],
    ['DECLINED', 'policy', 8],
  ] as const;
  for (const [i, [status, via, daysAgo]] of decisions.entries()) {
    const charged = await chargePayment(tx, {
      notify: false,
      organisationId: merchant.organisation_id,
      paymentProfileId: merchant.profile_id,
      amount: DEMO_REVIEW_THRESHOLD + 9_870 * (i + 1) + 7,
      productType: 'card',
      customerId: null,
      merchantReference: `HELD-${2001 + i}`,
      description: 'Order that was reviewed',
      cardNumber: cards[i % cards.length],
    });
    // Only what the rule really held (the sandbox may refuse a card): the demo never invents a case.
    if (charged.status !== 'AUTHORIZED') continue;
    const held = new Date(now - daysAgo * DAY);
    const decided = new Date(held.getTime() + (via === 'policy' ? 6 * DAY : (35 + 20 * i) * 60_000));
    const to = status === 'APPROVED' ? 'SETTLEMENT_REQUESTED' : 'AUTHORIZATION_VOIDED';
    await transitionTransaction(
      tx,
      { id: charged.transactionId, status: 'AUTHORIZED' },
      to,
      'Decided in review',
      decided,
    );
    const [review] = await tx.query<{ id: string }>(
      sql`update review_case set created_at = ${held}, sla_due_at = ${new Date(held.getTime() + 4 * HOUR)},
        expires_at = ${new Date(held.getTime() + 6 * DAY)} where transaction_id = ${charged.transactionId} returning id`,
    );
    await writeReviewDecision(
      tx,
      { id: review.id, transactionId: charged.transactionId },
      {
        status,
        by: via === 'reviewer' ? (reviewer?.id ?? null) : null,
        via,
        reason: status === 'DECLINED' && via === 'reviewer' ? 'Card and shopper countries differ' : null,
        at: decided,
      },
    );
    await tx.query(sql`update transaction set created_at = ${held} where id = ${charged.transactionId}`);
  }
};

/**
 * Disputes in every state (issue 36): the demo's open chargebacks get their due date (20 days
 * from opening; older ones keep the sandbox's old timer), decided ones say how they were answered,
 * and the largest merchant has two fresh chargebacks to answer, one due in three days.
 */
export const createDemoDisputes = async (tx: Queryable, now: number): Promise<void> => {
  const at = new Date(now);
  await tx.query(sql`update chargeback set due_at = created_at + interval '20 days'
    where status = 'OPEN' and created_at + interval '20 days' > ${at}`);
  await tx.query(sql`update chargeback set response_outcome = 'submitted', responded_at = created_at + interval '6 days',
      response = 'Delivered to the address given at checkout; tracking and signature attached.'
    where status in ('IN_DISPUTE', 'WON') or (status = 'LOST' and right(id, 1) < 'm')`);
  await tx.query(sql`update chargeback set response_outcome = case when right(id, 1) < 't' then 'accepted' else 'expired' end,
      responded_at = case when right(id, 1) < 't' then created_at + interval '3 days' end
    where status = 'LOST' and response_outcome is null`);
  const payments = await tx.query<{
    id: string;
    organisation_id: string;
    merchant_id: string;
    payment_profile_id: string;
    processor_id: string | null;
    amount: number;
    currency_code: string;
  }>(sql`
    select t.id, t.organisation_id, t.merchant_id, t.payment_profile_id, t.processor_id, t.amount, t.currency_code
    from transaction t join app_user u on u.organisation_id = t.organisation_id
    where u.email = 'merchant@kassa.test' and t.payment_product_type = 'card' and t.status = 'SETTLEMENT_COMPLETED'
      and t.refunded_amount = 0 and not exists (select 1 from chargeback c where c.transaction_id = t.id)
    order by t.created_at desc, t.id limit 2`);
  const reasons = [
    { code: '4853', text: 'Cardholder dispute', openedDaysAgo: 8 },
    { code: '10.4', text: 'Other fraud — card-absent environment', openedDaysAgo: 17 },
  ];
  for (let i = 0; i < payments.length; i++) {
    const p = payments[i];
    const opened = new Date(now - reasons[i].openedDaysAgo * DAY);
    await tx.query(sql`insert into chargeback (id, organisation_id, merchant_id, transaction_id, payment_profile_id, processor_id, amount,
        currency_code, reason_code, reason, status, processor_id_external, created_at, updated_at, due_at)
      values (${newId('cb', opened.getTime())}, ${p.organisation_id}, ${p.merchant_id}, ${p.id}, ${p.payment_profile_id}, ${p.processor_id},
        ${p.amount}, ${p.currency_code}, ${reasons[i].code}, ${reasons[i].text}, 'OPEN', ${`sbx_cb_demo${i}`}, ${opened}, ${opened},
        ${new Date(opened.getTime() + 20 * DAY)})`);
    await tx.query(sql`update transaction set status = 'CHARGEBACK', status_reason = ${`Chargeback ${reasons[i].code}`},
        status_history = status_history || ${JSON.stringify([{ status: 'CHARGEBACK', at: opened.toISOString(), reason: `Chargeback ${reasons[i].code}` }])}::jsonb
      where id = ${p.id}`);
  }
};
