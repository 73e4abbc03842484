import type { ReconciliationExceptionState } from '@kassa/domain';
import { sql, type Queryable, type Sql } from '../../plugins/db/index.ts';
import type { SettlementLine } from './formats/index.ts';

export type ProcessorSettlement = {
  id: string;
  organisation_id: string;
  provider: string;
  processor_settlement_type: string | null;
  last: Date | null;
  details: { name: string; value: string }[];
};

export const findProcessorSettlement = async (db: Queryable, id: string): Promise<ProcessorSettlement | undefined> =>
  (
    await db.query<ProcessorSettlement>(sql`select id, organisation_id, provider, processor_settlement_type, last, details
      from processor where id = ${id} and type = 'processorsettlement'`)
  )[0];

export const activeProcessorSettlements = (db: Queryable) =>
  db.query<ProcessorSettlement>(sql`select id, organisation_id, provider, processor_settlement_type, last, details
    from processor where type = 'processorsettlement' and active order by id`);

/** The processors whose payments a processor settlement's reports settle: the same acquirer (provider) of the same organisation. */
export const coveredProcessors = async (db: Queryable, settlement: ProcessorSettlement): Promise<string[]> =>
  (
    await db.query<{
      id: string;
    }>(sql`select id from processor where type = 'processor' and provider = ${settlement.provider}
      and organisation_id = ${settlement.organisation_id}`)
  ).map((row) => row.id);

/** True where a processor's payments are confirmed by a settlement importer's files rather than by the sandbox timer. */
export const SETTLED_BY_FILE = (processorColumn: string) =>
  sql.raw(`exists (select 1 from processor p join processor s on s.provider = p.provider and s.organisation_id = p.organisation_id
    and s.type = 'processorsettlement' and s.active where p.id = ${processorColumn})`);

type FileSummary = { fileId: string; lines: number; matched: number; exceptions: number };

export const findFileByHash = async (
  db: Queryable,
  settlementId: string,
  hash: string,
): Promise<FileSummary | undefined> =>
  (
    await db.query<FileSummary>(sql`select id as "fileId", line_count as lines, matched_count as matched, exception_count as exceptions
      from settlement_file where processor_settlement_id = ${settlementId} and file_hash = ${hash}`)
  )[0];

export const insertFile = async (
  tx: Queryable,
  f: {
    id: string;
    organisationId: string;
    mode: string;
    processorSettlementId: string;
    settlementUpdateId: string | null;
    source: string;
    format: string;
    fileName: string;
    hash: string;
    settlementDate: string | null;
    batch: string | null;
    createdBy: string | null;
  },
): Promise<boolean> =>
  (
    await tx.query(sql`insert into settlement_file (id, organisation_id, mode, processor_settlement_id, settlement_update_id, source, format,
        file_name, file_hash, settlement_date, batch_number, created_by)
      values (${f.id}, ${f.organisationId}, ${f.mode}, ${f.processorSettlementId}, ${f.settlementUpdateId}, ${f.source}, ${f.format},
        ${f.fileName}, ${f.hash}, ${f.settlementDate}, ${f.batch}, ${f.createdBy})
      on conflict (processor_settlement_id, file_hash) do nothing returning id`)
  ).length > 0;

export const finishFile = (
  tx: Queryable,
  id: string,
  t: {
    lines: number;
    matched: number;
    exceptions: number;
    expectedNet: number;
    expectedFee: number;
    actualFee: number;
    paidIn: number | null;
    currency: string | null;
  },
) =>
  tx.query(sql`update settlement_file set line_count = ${t.lines}, matched_count = ${t.matched}, exception_count = ${t.exceptions},
    expected_net = ${t.expectedNet}, expected_fee = ${t.expectedFee}, actual_fee = ${t.actualFee}, paid_in = ${t.paidIn}, currency_code = ${t.currency} where id = ${id}`);

export type Candidate = {
  id: string;
  organisation_id: string;
  merchant_id: string;
  amount: number;
  currency_code: string;
  status: string;
  reference: string | null;
  merchant_reference: string;
  created_at: Date;
  requested_at: Date | null;
};

const REQUESTED_AT = sql`(select max((h->>'at')::timestamptz) from jsonb_array_elements(t.status_history) h where h->>'status' = 'SETTLEMENT_REQUESTED')`;

const itemSelect = (type: 'transaction' | 'refund' | 'chargeback') =>
  type === 'transaction'
    ? sql`select t.id, t.organisation_id, t.merchant_id, t.amount, t.currency_code, t.status, t.processor_id_external as reference,
        t.merchant_reference, t.created_at, ${REQUESTED_AT} as requested_at from transaction t`
    : type === 'refund'
      ? sql`select r.id, r.organisation_id, r.merchant_id, r.amount, r.currency_code, r.status, r.processor_id_external as reference,
          t.merchant_reference, r.created_at, r.created_at as requested_at from refund r join transaction t on t.id = r.transaction_id`
      : sql`select r.id, r.organisation_id, r.merchant_id, r.amount, r.currency_code, r.status, r.processor_id_external as reference,
          t.merchant_reference, r.created_at, null::timestamptz as requested_at from chargeback r join transaction t on t.id = r.transaction_id`;

export const itemsByReference = (
  tx: Queryable,
  type: 'transaction' | 'refund' | 'chargeback',
  refs: string[],
  covered: string[],
) =>
  refs.length === 0
    ? Promise.resolve([] as Candidate[])
    : tx.query<Candidate>(sql`${itemSelect(type)} where ${sql.raw(type === 'transaction' ? 't' : 'r')}.processor_id_external = any(${refs})
        and t.processor_id = any(${covered})`);

export const itemsByMerchantReference = (
  tx: Queryable,
  type: 'transaction' | 'refund' | 'chargeback',
  lowered: string[],
  covered: string[],
) =>
  tx.query<Candidate>(
    sql`${itemSelect(type)} where lower(t.merchant_reference) = any(${lowered}) and t.processor_id = any(${covered})`,
  );

/** Items already settled by an earlier line (of this file or another): a second line for them is a duplicate. */
export const settledItems = (tx: Queryable, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([] as { kind: string; matched_id: string }[])
    : tx.query<{ kind: string; matched_id: string }>(
        sql`select kind, matched_id from settlement_line where matched_id = any(${ids})`,
      );

export type NewLine = {
  fileId: string;
  lineNo: number;
  mode: string;
  line: SettlementLine;
  outcome: 'matched' | 'exception' | 'payout';
  expectedAmount: number | null;
  expectedFee: number | null;
  matchedType: string | null;
  matchedId: string | null;
  merchantId: string | null;
};

/** Writes a batch of lines in one statement (arrays unnested: a handful of parameters, whatever the batch). */
export const insertLines = (tx: Queryable, rows: NewLine[]) => {
  if (!rows.length) return Promise.resolve([]);
  const col = <T>(pick: (row: NewLine) => T) => rows.map(pick);
  return tx.query(sql`insert into settlement_line (file_id, line_no, mode, kind, acquirer_reference, merchant_reference, settled_on, currency_code,
      amount, interchange, scheme_fee, markup, net, expected_amount, expected_fee, matched_type, matched_id, merchant_id, outcome)
    select * from unnest(${col((r) => r.fileId)}::text[], ${col((r) => r.lineNo)}::int[], ${col((r) => r.mode)}::text[], ${col((r) => r.line.kind)}::text[],
      ${col((r) => r.line.acquirerReference)}::text[], ${col((r) => r.line.merchantReference)}::text[], ${col((r) => r.line.settledOn)}::date[],
      ${col((r) => r.line.currency)}::text[], ${col((r) => r.line.amount)}::bigint[], ${col((r) => r.line.interchange)}::bigint[],
      ${col((r) => r.line.schemeFee)}::bigint[], ${col((r) => r.line.markup)}::bigint[], ${col((r) => r.line.net)}::bigint[],
      ${col((r) => r.expectedAmount)}::bigint[], ${col((r) => r.expectedFee)}::bigint[], ${col((r) => r.matchedType)}::text[],
      ${col((r) => r.matchedId)}::text[], ${col((r) => r.merchantId)}::text[], ${col((r) => r.outcome)}::text[])`);
};

export type ExceptionKind =
  'fee_difference' | 'late_settlement' | 'missing_payment' | 'unknown_payment' | 'duplicate_line' | 'amount_difference';

export type NewException = {
  id: string;
  organisationId: string;
  merchantId: string | null;
  mode: string;
  processorSettlementId: string;
  fileId: string | null;
  lineNo: number | null;
  kind: ExceptionKind;
  itemType: string | null;
  itemId: string | null;
  acquirerReference: string | null;
  merchantReference: string | null;
  currency: string;
  expected: number | null;
  actual: number;
};

export const insertExceptions = (tx: Queryable, rows: NewException[]) => {
  if (!rows.length) return Promise.resolve([]);
  const col = <T>(pick: (row: NewException) => T) => rows.map(pick);
  return tx.query(sql`insert into reconciliation_exception (id, organisation_id, merchant_id, mode, processor_settlement_id, file_id, line_no, kind,
      item_type, item_id, acquirer_reference, merchant_reference, currency_code, expected_amount, actual_amount, amount_difference)
    select *, coalesce(a - e, a) from unnest(${col((r) => r.id)}::text[], ${col((r) => r.organisationId)}::text[], ${col((r) => r.merchantId)}::text[],
      ${col((r) => r.mode)}::text[], ${col((r) => r.processorSettlementId)}::text[], ${col((r) => r.fileId)}::text[], ${col((r) => r.lineNo)}::int[],
      ${col((r) => r.kind)}::text[], ${col((r) => r.itemType)}::text[], ${col((r) => r.itemId)}::text[], ${col((r) => r.acquirerReference)}::text[],
      ${col((r) => r.merchantReference)}::text[], ${col((r) => r.currency)}::text[], ${col((r) => r.expected)}::bigint[], ${col((r) => r.actual)}::bigint[])
      as x(id, o, m, mo, ps, f, l, k, it, ii, ar, mr, c, e, a)
    on conflict do nothing`);
};

/**
 * SETTLEMENT_REQUESTED → SETTLEMENT_COMPLETED for the payments a file confirmed, in one statement;
 * answers the ids it moved whose payment profile has a webhook URL (the others have no webhook to queue).
 */
export const completeSettlement = async (tx: Queryable, ids: string[], reason: string): Promise<string[]> => {
  const at = new Date().toISOString();
  const step = JSON.stringify([{ status: 'SETTLEMENT_COMPLETED', at, reason }]);
  return (
    await tx.query<{
      id: string;
      notify: boolean;
    }>(sql`update transaction set status = 'SETTLEMENT_COMPLETED', status_reason = ${reason}, updated_at = ${at},
      status_history = status_history || ${step}::jsonb where id = any(${ids}) and status = 'SETTLEMENT_REQUESTED'
      returning id, exists (select 1 from payment_profile p where p.id = transaction.payment_profile_id and p.webhook_transaction_update is not null) as notify`)
  )
    .filter((row) => row.notify)
    .map((row) => row.id);
};

/** A payment reported missing that a file now confirms: its exception is resolved by the file. */
export const resolveMissing = (tx: Queryable, ids: string[], reason: string) =>
  tx.query(sql`update reconciliation_exception set state = 'resolved', reason = ${reason}, decided_at = now(), updated_at = now()
    where kind = 'missing_payment' and item_id = any(${ids}) and state in ('open', 'investigating')`);

/** Statuses of a payment whose money is captured (and may be in a merchant's payout). */
const PAID_OUT_STATUSES = ['SETTLEMENT_COMPLETED', 'SETTLED', 'PAID'];

/**
 * Payments of the settlement's processors sent for settlement more than `days` ago that no file
 * has confirmed, and payments already in a merchant's payout (completed otherwise, by the timer or
 * by hand) made since Kassa imported this settlement's first file (an old file uploaded today does
 * not bring the history before it in) that no file has reported: each becomes one
 * `missing_payment` exception (once), which the payout's difference then names.
 */
export const reportMissing = async (
  tx: Queryable,
  settlement: ProcessorSettlement,
  days: number,
  newIds: () => string,
) => {
  const due = await tx.query<{
    id: string;
    organisation_id: string;
    merchant_id: string;
    amount: number;
    currency_code: string;
    merchant_reference: string;
    processor_id_external: string | null;
  }>(
    sql`select t.id, t.organisation_id, t.merchant_id, t.amount, t.currency_code, t.merchant_reference, t.processor_id_external
      from transaction t join processor p on p.id = t.processor_id
      where p.type = 'processor' and p.provider = ${settlement.provider} and p.organisation_id = ${settlement.organisation_id}
        and t.mode = 'live' and t.status = 'SETTLEMENT_REQUESTED' and t.updated_at < now() - make_interval(days => ${days})
        and not exists (select 1 from reconciliation_exception x where x.kind = 'missing_payment' and x.item_id = t.id)
      union all
      select t.id, t.organisation_id, t.merchant_id, t.amount, t.currency_code, t.merchant_reference, t.processor_id_external
      from transaction t join processor p on p.id = t.processor_id
      where p.type = 'processor' and p.provider = ${settlement.provider} and p.organisation_id = ${settlement.organisation_id}
        and t.mode = 'live' and t.status = any(${PAID_OUT_STATUSES}) and t.created_at < now() - make_interval(days => ${days})
        and t.created_at >= (select min(f.created_at) from settlement_file f where f.processor_settlement_id = ${settlement.id})
        and exists (select 1 from settlement_item i where i.kind = 'payment' and i.source_id = t.id)
        and not exists (select 1 from settlement_line l where l.matched_id = t.id)
        and not exists (select 1 from reconciliation_exception x where x.kind = 'missing_payment' and x.item_id = t.id)
      limit 5000`,
  );
  await insertExceptions(
    tx,
    due.map((t) => ({
      id: newIds(),
      organisationId: t.organisation_id,
      merchantId: t.merchant_id,
      mode: 'live',
      processorSettlementId: settlement.id,
      fileId: null,
      lineNo: null,
      kind: 'missing_payment',
      itemType: 'transaction',
      itemId: t.id,
      acquirerReference: t.processor_id_external,
      merchantReference: t.merchant_reference,
      currency: t.currency_code,
      expected: Number(t.amount),
      actual: 0,
    })),
  );
  return due.length;
};

/** Where a run stopped: `last` moves forward to `today` (never back), `last_run` is now. */
export const markRun = (tx: Queryable, settlementId: string, today: Date) =>
  tx.query(sql`update processor set last = greatest(coalesce(last, ${today}), ${today}), last_run = now()
    where id = ${settlementId}`);

/** A settlement update's counts: what its run found. */
export const recordUpdateCounts = (
  tx: Queryable,
  settlementUpdateId: string,
  counts: { files: number; lines: number; matched: number; exceptions: number },
) =>
  tx.query(sql`update settlement_update set file_count = ${counts.files}, line_count = ${counts.lines},
    matched_count = ${counts.matched}, exception_count = ${counts.exceptions} where id = ${settlementUpdateId}`);

/** An item the sandbox acquirer settles (a payment, refund or chargeback) with the time it was sent for settlement. */
export type SandboxSettled = {
  id: string;
  kind: SettlementLine['kind'];
  amount: number;
  currency_code: string;
  reference: string | null;
  merchant_reference: string;
  at: Date;
};

/**
 * The payments, refunds and chargebacks of a processor settlement's acquirer sent for settlement
 * from `from` until `end`, not settled by an earlier file (a payment ending in 54 is never settled).
 * Live items only: test rows are never settled (test mode, issue 38), so no file names them.
 */
export const sandboxSettlementCandidates = (db: Queryable, settlement: ProcessorSettlement, from: Date, end: Date) => {
  const covered = sql`select id from processor where type = 'processor' and provider = ${settlement.provider} and organisation_id = ${settlement.organisation_id}`;
  const unsettled = (alias: string) =>
    sql.raw(`not exists (select 1 from settlement_line l where l.matched_id = ${alias}.id)`);
  return db.query<SandboxSettled>(sql`
    select t.id, 'payment' as kind, t.amount, t.currency_code, t.processor_id_external as reference, t.merchant_reference, t.updated_at as at
      from transaction t where t.processor_id in (${covered}) and t.mode = 'live' and t.status = 'SETTLEMENT_REQUESTED' and t.amount % 100 <> 54
        and t.updated_at >= ${from} and t.updated_at < ${end} and ${unsettled('t')}
    union all
    select r.id, 'refund', r.amount, r.currency_code, r.processor_id_external, t.merchant_reference, r.created_at
      from refund r join transaction t on t.id = r.transaction_id where t.processor_id in (${covered}) and r.mode = 'live' and r.status = 'PROCESSED'
        and r.created_at >= ${from} and r.created_at < ${end} and ${unsettled('r')}
    union all
    select c.id, case when c.status = 'WON' then 'chargeback_reversal' else 'chargeback' end, c.amount, c.currency_code, c.processor_id_external,
        t.merchant_reference, c.created_at
      from chargeback c join transaction t on t.id = c.transaction_id where t.processor_id in (${covered}) and c.mode = 'live'
        and c.created_at >= ${from} and c.created_at < ${end} and ${unsettled('c')}
    order by at, id`);
};

export type LockedException = {
  id: string;
  state: ReconciliationExceptionState;
  owner_id: string | null;
  write_off_requested_by: string | null;
  organisation_id: string;
  item_id: string | null;
};

/** The exceptions of `ids` that meet `scoped` (alias `e`, null for all), locked for an update. */
export const lockExceptions = (tx: Queryable, ids: string[], scoped: Sql | null) =>
  tx.query<LockedException>(sql`select e.id, e.state, e.owner_id, e.write_off_requested_by, e.organisation_id, e.item_id
    from reconciliation_exception e where e.id = any(${ids}) ${scoped ? sql`and ${scoped}` : sql.empty} order by e.id for update`);

/** The id of a user of a provider organisation, the only people an exception is assigned to. */
export const findProviderUser = async (tx: Queryable, id: string): Promise<string | undefined> =>
  (
    await tx.query<{
      id: string;
    }>(sql`select u.id from app_user u join organisation o on o.id = u.organisation_id
      where u.id = ${id} and o.type = 'provider'`)
  )[0]?.id;

export const assignExceptions = (tx: Queryable, ids: string[], owner: string | null) =>
  tx.query(sql`update reconciliation_exception set owner_id = ${owner}, updated_at = now() where id = any(${ids})`);

/** Under investigation, owned by the investigator unless someone owns it already. */
export const investigateExceptions = (tx: Queryable, ids: string[], userId: string | null) =>
  tx.query(sql`update reconciliation_exception set state = 'investigating', owner_id = coalesce(owner_id, ${userId}),
    updated_at = now() where id = any(${ids})`);

export const requestWriteOff = (tx: Queryable, ids: string[], reason: string | null, userId: string | null) =>
  tx.query(sql`update reconciliation_exception set state = 'write_off_requested', reason = ${reason},
    write_off_requested_by = ${userId}, updated_at = now() where id = any(${ids})`);

/** A decision that ends the exceptions (`resolved` sets the reason; a write-off keeps the one asked with). */
export const decideExceptionState = (
  tx: Queryable,
  ids: string[],
  to: ReconciliationExceptionState | null,
  setReason: boolean,
  reason: string | null,
  userId: string | null,
) =>
  tx.query(sql`update reconciliation_exception set state = ${to}, ${setReason ? sql`reason = ${reason},` : sql.empty}
    decided_by = ${userId}, decided_at = now(), updated_at = now() where id = any(${ids})`);

/**
 * Live files of the last 14 days per processor settlement and day: lines (without the payout line),
 * matched, and the acquirer's fees on the reported payments, expected (cost scheme) and actual.
 * Sums of the files' own totals: no line is read.
 */
export const matchRates = (db: Queryable) =>
  db.query<{
    processor_settlement: string;
    name: string;
    day: string;
    lines: string;
    matched: string;
    expected_fee: string;
    actual_fee: string;
  }>(sql`
    select f.processor_settlement_id as processor_settlement, p.name, to_char(f.settlement_date, 'YYYY-MM-DD') as day,
      sum(f.line_count - case when f.paid_in is null then 0 else 1 end) as lines, sum(f.matched_count) as matched,
      sum(f.expected_fee) as expected_fee, sum(f.actual_fee) as actual_fee
    from settlement_file f join processor p on p.id = f.processor_settlement_id
    where f.mode = 'live' and f.settlement_date >= current_date - 14
    group by 1, 2, 3 order by 3 desc, 2`);

/** Open live exceptions by kind and age band (days since created): count and summed amount difference. */
export const openExceptionsByAge = (db: Queryable) =>
  db.query<{
    kind: string;
    age: '0-2' | '3-7' | '8-30' | '31+';
    count: string;
    amount_difference: string;
  }>(sql`
    select kind, case when age <= 2 then '0-2' when age <= 7 then '3-7' when age <= 30 then '8-30' else '31+' end as age,
      count(*) as count, coalesce(sum(amount_difference), 0) as amount_difference
    from (select kind, amount_difference, current_date - created_at::date as age from reconciliation_exception
      where mode = 'live' and state in ('open', 'investigating', 'write_off_requested')) x
    group by 1, 2 order by 1, 2`);
