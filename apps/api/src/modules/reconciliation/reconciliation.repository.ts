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

/**
 * A settlement file's lines while it is imported: a temporary table of this transaction (dropped
 * at its commit or rollback), filled in batches, then matched and written in a few set-based
 * statements, whatever the file's size (issue 34: a million lines). Line numbers are unique by
 * how they are read; the stage keeps no index of them (the statements hash-join it whole, and an
 * index was a million more writes). The matches keep theirs: each match statement asks whether a
 * line is matched already before its statistics exist, and without the index the planner chose a
 * nested loop over both tables (20,000 lines: 33 s).
 */
export const createStage = (tx: Queryable) =>
  tx.exec(`create temp table settlement_stage (line_no integer not null, kind text not null, batch_number text,
      settled_on date not null, acquirer_reference text, merchant_reference text, booked_on date, currency_code text not null,
      amount bigint not null, interchange bigint not null, scheme_fee bigint not null, markup bigint not null, net bigint not null)
    on commit drop`);

export type StagedLine = { lineNo: number; line: SettlementLine };

/** One batch of lines into the stage: one statement (arrays unnested: a handful of parameters, whatever the batch). */
export const stageLines = (tx: Queryable, rows: StagedLine[]) => {
  const col = <T>(pick: (line: SettlementLine) => T) => rows.map((row) => pick(row.line));
  return tx.query(sql`insert into settlement_stage select * from unnest(${rows.map((row) => row.lineNo)}::int[], ${col((l) => l.kind)}::text[],
      ${col((l) => l.batch)}::text[], ${col((l) => l.settledOn)}::date[], ${col((l) => l.acquirerReference)}::text[],
      ${col((l) => l.merchantReference)}::text[], ${col((l) => l.bookedOn)}::date[], ${col((l) => l.currency)}::text[],
      ${col((l) => l.amount)}::bigint[], ${col((l) => l.interchange)}::bigint[], ${col((l) => l.schemeFee)}::bigint[],
      ${col((l) => l.markup)}::bigint[], ${col((l) => l.net)}::bigint[])`);
};

/** The item table each kind of line settles. */
const ITEM_TABLES = [
  { type: 'transaction', kinds: ['payment'] },
  { type: 'refund', kinds: ['refund'] },
  { type: 'chargeback', kinds: ['chargeback', 'chargeback_reversal'] },
] as const;

/** The items of one type of the covered processors, with the payment's merchant reference (alias `c`). */
const items = (type: (typeof ITEM_TABLES)[number]['type'], covered: string[]) =>
  type === 'transaction'
    ? sql`(select t.id, t.organisation_id, t.merchant_id, t.amount, t.currency_code, t.status, t.processor_id_external as reference,
          t.merchant_reference, t.created_at, t.status_history from transaction t where t.processor_id = any(${covered})) c`
    : sql`(select r.id, r.organisation_id, r.merchant_id, r.amount, r.currency_code, r.status, r.processor_id_external as reference,
          t.merchant_reference, r.created_at, null::jsonb as status_history
        from ${sql.raw(type)} r join transaction t on t.id = r.transaction_id where t.processor_id = any(${covered})) c`;

/**
 * The day an item is due at the acquirer: the day after it was last sent for settlement (else
 * after it was made). Worked out for the matched rows only, so the match carries a date rather
 * than each payment's status history.
 */
const DUE = sql.raw(`(coalesce((select max((h->>'at')::timestamptz) from jsonb_array_elements(c.status_history) h
    where h->>'status' = 'SETTLEMENT_REQUESTED'), c.created_at) at time zone 'UTC')::date + 1`);

/**
 * A settlement file's statements sort and hash a million lines: in memory rather than on disk
 * (64 MB a sort, for this transaction only), and without JIT compiling (a second of each
 * statement's time, for plans that run once).
 */
export const tuneForFile = (tx: Queryable) => tx.exec(`set local work_mem = '64MB'; set local jit = off`);

/**
 * Each staged line's item: by the acquirer's reference, else (a line with a merchant reference)
 * by merchant reference, amount, currency and the payment's day (the day the layout names, else
 * the ten days up to the settlement day). One item per line; the first by id where more fit.
 */
export const matchStaged = async (tx: Queryable, covered: string[]) => {
  await tx.exec(`analyze settlement_stage`);
  await tx.exec(`create temp table settlement_match (line_no integer primary key, item_type text not null, id text not null,
      organisation_id text not null, merchant_id text, amount bigint not null, currency_code text not null, status text not null,
      due date not null) on commit drop`);
  for (const { type, kinds } of ITEM_TABLES) {
    const pick = sql`select distinct on (l.line_no) l.line_no, ${type}, c.id, c.organisation_id, c.merchant_id, c.amount, c.currency_code,
        c.status, ${DUE}`;
    await tx.query(sql`insert into settlement_match ${pick}
      from settlement_stage l join ${items(type, covered)} on c.reference = l.acquirer_reference
      where l.kind = any(${[...kinds]}) order by l.line_no, c.id`);
    await tx.query(sql`insert into settlement_match ${pick}
      from settlement_stage l join ${items(type, covered)} on lower(c.merchant_reference) = lower(l.merchant_reference)
        and c.amount = l.amount and c.currency_code = l.currency_code
        and case when l.booked_on is not null then (c.created_at at time zone 'UTC')::date = l.booked_on
          else (c.created_at at time zone 'UTC')::date between l.settled_on - 10 and l.settled_on end
      where l.kind = any(${[...kinds]}) and l.merchant_reference is not null
        and not exists (select 1 from settlement_match m where m.line_no = l.line_no)
      order by l.line_no, c.id`);
  }
  await tx.exec(`analyze settlement_match`);
};

/**
 * Every staged line with its item and what the file says against it: `duplicate` (the item was
 * settled by an earlier line of this file or another), `amount_off` (amount or currency differs),
 * `fee_off` (the acquirer's fees are not the cost scheme's, `expected_fee`), `late` (a payment or
 * refund settled more than a day after it was sent for settlement).
 */
export const judgeStaged = (tx: Queryable, expectedFee: (amount: string) => string) =>
  tx.exec(`create temp table settlement_result on commit drop as
    select j.*, j.item_id is not null and not j.duplicate and (j.item_amount <> j.amount or j.item_currency <> j.currency_code) as amount_off,
      j.item_id is not null and not j.duplicate and j.item_amount = j.amount and j.item_currency = j.currency_code
        and j.actual_fee <> j.expected_fee as fee_off,
      j.item_id is not null and not j.duplicate and j.kind in ('payment', 'refund') and j.settled_on > j.due as late
    from (
      select l.*, m.item_type, m.id as item_id, m.organisation_id as item_organisation, m.merchant_id as item_merchant,
        m.amount as item_amount, m.currency_code as item_currency, m.status as item_status,
        l.interchange + l.scheme_fee + l.markup as actual_fee,
        case when l.kind = 'payment' and m.id is not null then ${expectedFee('m.amount')} else 0 end as expected_fee,
        m.due,
        m.id is not null and (row_number() over (partition by l.kind, m.id order by l.line_no) > 1
          or exists (select 1 from settlement_line s where s.matched_id = m.id and s.kind = l.kind)) as duplicate
      from settlement_stage l left join settlement_match m on m.line_no = l.line_no
    ) j`);

/** The judged lines into `settlement_line`: matched, an exception, or the payout. */
export const writeStagedLines = (tx: Queryable, fileId: string, mode: string) =>
  tx.query(sql`insert into settlement_line (file_id, line_no, mode, kind, acquirer_reference, merchant_reference, settled_on, currency_code,
      amount, interchange, scheme_fee, markup, net, expected_amount, expected_fee, matched_type, matched_id, merchant_id, outcome)
    select ${fileId}, line_no, ${mode}, kind, acquirer_reference, merchant_reference, settled_on, currency_code, amount, interchange,
      scheme_fee, markup, net, item_amount, case when item_id is not null and not duplicate then expected_fee end, item_type,
      case when duplicate then null else item_id end, item_merchant,
      case when kind = 'payout' then 'payout' when item_id is null or duplicate or amount_off or fee_off or late then 'exception' else 'matched' end
    from settlement_result`);

/**
 * One exception per difference of a judged line (a line can have two: its amount or fee, and its
 * lateness). Ids: the import's own id prefix and the exception's number in the file's order.
 */
export const writeStagedExceptions = (
  tx: Queryable,
  e: { idPrefix: string; fileId: string; mode: string; settlement: ProcessorSettlement },
) =>
  tx.query(sql`insert into reconciliation_exception (id, organisation_id, merchant_id, mode, processor_settlement_id, file_id, line_no, kind,
      item_type, item_id, acquirer_reference, merchant_reference, currency_code, expected_amount, actual_amount, amount_difference)
    select ${e.idPrefix} || lpad(to_hex(row_number() over (order by r.line_no, x.ord)), 6, '0'), coalesce(r.item_organisation, ${e.settlement.organisation_id}),
      r.item_merchant, ${e.mode}, ${e.settlement.id}, ${e.fileId}, r.line_no, x.kind, r.item_type, r.item_id, r.acquirer_reference,
      r.merchant_reference, r.currency_code, x.expected, x.actual, coalesce(x.actual - x.expected, x.actual)
    from settlement_result r cross join lateral (values
      (1, case when r.kind <> 'payout' and r.item_id is null then 'unknown_payment' end, null::bigint, r.amount),
      (1, case when r.duplicate then 'duplicate_line' end, 0, r.net),
      (1, case when r.amount_off then 'amount_difference' end, r.item_amount, r.amount),
      (1, case when r.fee_off then 'fee_difference' end, r.expected_fee, r.actual_fee),
      (2, case when r.late then 'late_settlement' end, r.item_amount, r.amount)) x(ord, kind, expected, actual)
    where (r.kind <> 'payout' and r.item_id is null or r.duplicate or r.amount_off or r.fee_off or r.late) and x.kind is not null
    on conflict do nothing`);

/** A file's totals from its judged lines (the dashboard and the payout read these, not the lines). */
export const stagedTotals = async (tx: Queryable) =>
  (
    await tx.query<{
      lines: number;
      matched: number;
      exceptions: number;
      expected_net: string;
      expected_fee: string;
      actual_fee: string;
      paid_in: string | null;
      to_settle: number;
      currency: string | null;
    }>(sql`select count(*)::int as lines,
        count(*) filter (where kind <> 'payout' and item_id is not null and not (duplicate or amount_off or fee_off or late))::int as matched,
        count(*) filter (where kind <> 'payout' and (item_id is null or duplicate or amount_off or fee_off or late))::int as exceptions,
        coalesce(sum(case when kind in ('payment', 'chargeback_reversal') then item_amount else -item_amount end - expected_fee)
          filter (where item_id is not null and not duplicate), 0) as expected_net,
        coalesce(sum(expected_fee) filter (where kind = 'payment' and item_id is not null and not duplicate), 0) as expected_fee,
        coalesce(sum(actual_fee) filter (where kind = 'payment' and item_id is not null and not duplicate), 0) as actual_fee,
        sum(amount) filter (where kind = 'payout') as paid_in,
        count(*) filter (where kind = 'payment' and item_id is not null and not duplicate and item_status = 'SETTLEMENT_REQUESTED')::int as to_settle,
        (select currency_code from settlement_stage where kind = 'payout' order by line_no limit 1) as currency
      from settlement_result`)
  )[0];

/**
 * A `missing_payment` exception of a payment this file confirmed (its first line for it, whatever
 * its differences) is resolved by the file, in the import's transaction.
 */
export const resolveMissingStaged = (tx: Queryable, resolvedReason: string) =>
  tx.query(sql`update reconciliation_exception set state = 'resolved', reason = ${resolvedReason}, decided_at = now(), updated_at = now()
    where kind = 'missing_payment' and state in ('open', 'investigating') and item_id in (select item_id from settlement_result r
      where r.kind = 'payment' and not r.duplicate and r.item_status = 'SETTLEMENT_REQUESTED')`);

/**
 * SETTLEMENT_REQUESTED → SETTLEMENT_COMPLETED for every payment the file's lines `fromLine`..`toLine`
 * confirmed (a duplicate line has no `matched_id`), in one statement: a payment moved already, or
 * no longer waiting for its settlement, is left as it is, so a slice done twice changes nothing.
 * Answers how many moved, and the ids whose payment profile has a webhook URL (the others have no
 * webhook to queue).
 */
export const settleLines = async (
  tx: Queryable,
  fileId: string,
  fromLine: number,
  toLine: number,
  reason: string,
): Promise<{ moved: number; notify: string[] }> => {
  const at = new Date().toISOString();
  const step = JSON.stringify([{ status: 'SETTLEMENT_COMPLETED', at, reason }]);
  const moved = await tx.query<{ id: string; webhook: boolean }>(sql`with moved as (
      update transaction t set status = 'SETTLEMENT_COMPLETED', status_reason = ${reason}, updated_at = ${at},
        status_history = t.status_history || ${step}::jsonb
      from settlement_line l where l.file_id = ${fileId} and l.line_no between ${fromLine} and ${toLine}
        and l.kind = 'payment' and l.matched_type = 'transaction' and t.id = l.matched_id and t.status = 'SETTLEMENT_REQUESTED'
      returning t.id, t.payment_profile_id)
    select m.id, p.webhook_transaction_update is not null as webhook from moved m join payment_profile p on p.id = m.payment_profile_id`);
  return { moved: moved.length, notify: moved.filter((row) => row.webhook).map((row) => row.id) };
};

/** Where a file's settling stands: the last line done, its last line, and whether it is done. */
export const settlingOf = async (db: Queryable, fileId: string) =>
  (
    await db.query<{
      settled_through: number;
      last_line: number | null;
      settled: boolean;
    }>(sql`select f.settled_through,
        (select max(l.line_no) from settlement_line l where l.file_id = f.id) as last_line, f.settled_at is not null as settled
      from settlement_file f where f.id = ${fileId}`)
  )[0];

/** A slice of a file settled: its last line, and the file done when that was its last slice. */
export const markSettled = (tx: Queryable, fileId: string, throughLine: number, done: boolean) =>
  tx.query(sql`update settlement_file set settled_through = greatest(settled_through, ${throughLine}),
    settled_at = case when ${done}::boolean then coalesce(settled_at, now()) else settled_at end where id = ${fileId}`);

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

/** Statuses of a payment whose money is captured (and may be in a merchant's payout). */
const PAID_OUT_STATUSES = ['SETTLEMENT_COMPLETED', 'SETTLED', 'PAID'];

/**
 * Payments of the settlement's processors sent for settlement more than `days` ago that no file
 * has confirmed (a file's payments still waiting for their settle slice are confirmed), and payments already in a merchant's payout (completed otherwise, by the timer or
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
        and not exists (select 1 from settlement_line l where l.matched_id = t.id and l.kind = 'payment')
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
