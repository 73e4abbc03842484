import { newId } from '../lib/ids.ts';
import { CHARGEBACK_REASON_CODES, DISPUTE_RESPONSE_DAYS, type EvidenceKind } from '@kassa/domain';
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
 * and the largest merchant has two fresh chargebacks to answer, one due in three days, and its
 * showcase of disputes in every state (`createDemoDisputeShowcase`).
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
  await createDemoDisputeShowcase(tx, now);
};

type Showcase = {
  code: keyof typeof CHARGEBACK_REASON_CODES;
  openedDaysAgo: number;
  /** open: not answered (files may be uploaded); in_dispute: submitted days ago; the rest decided. */
  end: 'open' | 'in_dispute' | 'won' | 'lost' | 'accepted' | 'expired';
  /** Days after opening the merchant answered (submitted or accepted). */
  answeredAfter?: number;
  files?: EvidenceKind[];
};

/**
 * The largest merchant's disputes, whatever the scale (the browser tests' world is small): some
 * open, two in dispute, won and lost with the evidence that won or did not, accepted and missed
 * deadlines, spread over the last eleven months so the dispute screens and the analytics
 * (`GET /v1/statistics/disputes`) have figures. Each outcome agrees with the sandbox issuer's rule
 * (a won one covers every required item of its reason code with a file).
 */
const SHOWCASE: readonly Showcase[] = [
  { code: '13.1', openedDaysAgo: 3, end: 'open' },
  { code: '4837', openedDaysAgo: 12, end: 'open', files: ['avs_cvc_result'] },
  { code: '13.3', openedDaysAgo: 10, end: 'in_dispute', answeredAfter: 8, files: ['product_description'] },
  {
    code: '4853',
    openedDaysAgo: 15,
    end: 'in_dispute',
    answeredAfter: 13,
    files: ['proof_of_delivery', 'customer_communication'],
  },
  { code: '4853', openedDaysAgo: 40, end: 'won', answeredAfter: 6, files: ['proof_of_delivery'] },
  { code: '13.1', openedDaysAgo: 60, end: 'lost', answeredAfter: 9, files: ['customer_communication'] },
  { code: '13.3', openedDaysAgo: 75, end: 'accepted', answeredAfter: 4 },
  {
    code: '13.1',
    openedDaysAgo: 95,
    end: 'won',
    answeredAfter: 11,
    files: ['proof_of_delivery', 'customer_communication'],
  },
  { code: '4853', openedDaysAgo: 120, end: 'expired' },
  { code: '13.6', openedDaysAgo: 150, end: 'won', answeredAfter: 5, files: ['refund_history'] },
  { code: '13.3', openedDaysAgo: 180, end: 'lost', answeredAfter: 15, files: ['refund_policy'] },
  { code: '4863', openedDaysAgo: 200, end: 'accepted', answeredAfter: 2 },
  { code: '10.4', openedDaysAgo: 210, end: 'won', answeredAfter: 7, files: ['three_ds_result', 'avs_cvc_result'] },
  { code: '13.6', openedDaysAgo: 250, end: 'lost', answeredAfter: 12, files: ['refund_policy'] },
  { code: '13.3', openedDaysAgo: 290, end: 'won', answeredAfter: 10, files: ['product_description', 'refund_policy'] },
  { code: '13.1', openedDaysAgo: 320, end: 'expired' },
];

const RESPONSES: Record<string, string> = {
  '13.1': 'Delivered to the address given at checkout; the carrier’s tracking and signature are attached.',
  '13.3': 'The bicycle was as described on the product page (attached); the customer did not ask for a return.',
  '13.6': 'The refund was made on the date shown in the attached refund history.',
  '4853': 'Delivered and signed for; our mails with the customer after delivery are attached.',
  '4837': 'The cardholder’s address and security code matched; see the attached verification result.',
  '10.4': 'The payment was authenticated with 3-D Secure; the result and the verification checks are attached.',
};

/** A one-page PDF with a line of text: what a merchant's evidence file is, small. */
const demoPdf = (text: string): Buffer => {
  const content = `BT /F1 14 Tf 60 760 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
};

/** A 1×1 PNG: a photo of a parcel stands in for a real one. */
const DEMO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const FILE_NAMES: Partial<Record<EvidenceKind, string>> = {
  proof_of_delivery: 'track-and-trace.pdf',
  customer_communication: 'mail-with-customer.png',
  product_description: 'product-page.pdf',
  refund_history: 'refund-history.pdf',
  refund_policy: 'refund-policy.pdf',
  avs_cvc_result: 'avs-cvc-check.png',
  three_ds_result: '3-d-secure-result.pdf',
};

const createDemoDisputeShowcase = async (tx: Queryable, now: number): Promise<void> => {
  const [merchant] = await tx.query<{ user_id: string; organisation_id: string }>(
    sql`select id as user_id, organisation_id from app_user where email = 'merchant@kassa.test'`,
  );
  if (!merchant) return;
  // One scan of the merchant's settled card payments (the demo builds without indexes): per
  // showcase dispute, the newest payments of the month before it was opened.
  const windows = SHOWCASE.map((d, n) => ({
    n,
    from: new Date(now - (d.openedDaysAgo + 33) * DAY),
    to: new Date(now - (d.openedDaysAgo + 3) * DAY),
  }));
  const candidates = await tx.query<{
    n: number;
    id: string;
    organisation_id: string;
    merchant_id: string;
    payment_profile_id: string;
    processor_id: string | null;
    amount: number;
    currency_code: string;
  }>(sql`
    select n, id, organisation_id, merchant_id, payment_profile_id, processor_id, amount::float8 as amount, currency_code
    from (select w.n, t.id, t.organisation_id, t.merchant_id, t.payment_profile_id, t.processor_id, t.amount, t.currency_code,
        row_number() over (partition by w.n order by t.created_at desc, t.id) as rank
      from transaction t join jsonb_to_recordset(${JSON.stringify(windows)}::jsonb) as w(n int, "from" timestamptz, "to" timestamptz)
        on t.created_at between w."from" and w."to"
      where t.organisation_id = ${merchant.organisation_id} and t.payment_product_type = 'card' and t.status = 'SETTLEMENT_COMPLETED'
        and t.refunded_amount = 0 and not exists (select 1 from chargeback c where c.transaction_id = t.id)) x
    where rank <= ${SHOWCASE.length + 1} order by n, rank`);
  const used = new Set<string>();
  for (const [n, d] of SHOWCASE.entries()) {
    const p = candidates.find((c) => c.n === n && !used.has(c.id));
    if (!p) continue;
    used.add(p.id);
    const opened = new Date(now - d.openedDaysAgo * DAY);
    const due = new Date(opened.getTime() + DISPUTE_RESPONSE_DAYS * DAY);
    const answered = d.answeredAfter === undefined ? null : new Date(opened.getTime() + d.answeredAfter * DAY);
    // The sandbox issuer decides a submitted dispute within days; a missed deadline is lost on its due date.
    const decided =
      d.end === 'won' || d.end === 'lost'
        ? new Date(answered!.getTime() + 9 * DAY)
        : d.end === 'accepted'
          ? answered
          : d.end === 'expired'
            ? due
            : null;
    const status = {
      open: 'OPEN',
      in_dispute: 'IN_DISPUTE',
      won: 'WON',
      lost: 'LOST',
      accepted: 'LOST',
      expired: 'LOST',
    }[d.end];
    const outcome =
      d.end === 'open' ? null : d.end === 'accepted' ? 'accepted' : d.end === 'expired' ? 'expired' : 'submitted';
    const submitted = outcome === 'submitted';
    const id = newId('cb', opened.getTime());
    await tx.query(sql`insert into chargeback (id, organisation_id, merchant_id, transaction_id, payment_profile_id, processor_id, amount,
        currency_code, reason_code, reason, status, processor_id_external, created_at, updated_at, due_at, resolved_at,
        response, responded_at, response_outcome)
      values (${id}, ${p.organisation_id}, ${p.merchant_id}, ${p.id}, ${p.payment_profile_id}, ${p.processor_id}, ${p.amount},
        ${p.currency_code}, ${d.code}, ${CHARGEBACK_REASON_CODES[d.code]}, ${status}, ${`cb_demo_${n}`}, ${opened},
        ${decided ?? answered ?? opened}, ${due}, ${decided}, ${submitted ? RESPONSES[d.code] : null},
        ${outcome === 'expired' ? null : answered}, ${outcome})`);
    for (const [i, kind] of (d.files ?? []).entries()) {
      const name = FILE_NAMES[kind] ?? 'evidence.pdf';
      const content = name.endsWith('.png') ? DEMO_PNG : demoPdf(`${name.replace(/\.pdf$/, '')} - ${p.id}`);
      const at = new Date((answered ?? new Date(now - DAY)).getTime() - (i + 1) * HOUR);
      await tx.query(sql`insert into dispute_evidence (id, chargeback_id, organisation_id, merchant_id, kind, file_name, content_type,
          size, content, uploaded_by, created_at, mode)
        values (${newId('ev', at.getTime())}, ${id}, ${p.organisation_id}, ${p.merchant_id}, ${kind}, ${name},
          ${name.endsWith('.png') ? 'image/png' : 'application/pdf'}, ${content.length}, ${content}, ${merchant.user_id}, ${at}, 'live')`);
    }
    // The payment is charged back; a won dispute returns it.
    const history = [{ status: 'CHARGEBACK', at: opened.toISOString(), reason: `Chargeback ${d.code}` }];
    if (d.end === 'won')
      history.push({ status: 'SETTLEMENT_COMPLETED', at: decided!.toISOString(), reason: `Chargeback ${id} won` });
    const last = history[history.length - 1];
    await tx.query(sql`update transaction set status = ${last.status}, status_reason = ${last.reason},
        status_history = status_history || ${JSON.stringify(history)}::jsonb where id = ${p.id}`);
  }
};
