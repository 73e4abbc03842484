import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { HttpError } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import { recordAudit, type AuditEntry } from '../../plugins/audit.ts';
import type { Db, Queryable } from '../../plugins/db/index.ts';
import { notifyItem } from '../webhooks/delivery.service.ts';
import { expectedFee } from './contract.ts';
import { formatOf, type SettlementFormat, type SettlementLine } from './formats/index.ts';
import * as repo from './reconciliation.repository.ts';

/** Lines matched and written per statement group: a million-line file never sits in memory. */
const BATCH = 2000;
/** The numbered errors a refused file answers (the count says how many there were in all). */
const MAX_ERRORS_LISTED = 1000;

export type SettlementSource = {
  fileName: string;
  /** The file's bytes, opened afresh for each pass (hash and check, then apply). */
  open: () => Readable;
};

export type ImportContext = {
  settlement: repo.ProcessorSettlement;
  source: 'sandbox' | 'upload';
  mode: 'live' | 'test';
  settlementUpdateId: string | null;
  createdBy: string | null;
  audit: Omit<AuditEntry, 'type'>;
};

export type ImportOutcome = {
  fileId: string;
  duplicate: boolean;
  lines: number;
  matched: number;
  exceptions: number;
};

type Numbered = { lineNo: number; line: SettlementLine };

/**
 * The records of a CSV file with their line numbers, streamed. A record the CSV parser cannot read
 * (a wrong number of columns, a broken quote) is reported to `onBad` and skipped.
 */
async function* records(
  stream: Readable,
  format: SettlementFormat,
  onBad: (lineNo: number, message: string) => void,
): AsyncGenerator<Numbered | { lineNo: number; error: string }> {
  const parser = stream.pipe(
    parse({
      columns: (header: string[]) => {
        const names = header.map((name) => name.trim());
        const missing = format.header.filter((name) => !names.includes(name));
        if (missing.length) throw new HttpErrorHeader(missing);
        return names;
      },
      bom: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      info: true,
    }),
  );
  parser.on('skip', (error: Error & { lines?: number }) => onBad(error.lines ?? 0, `not valid CSV: ${error.message}`));
  for await (const { record, info } of parser as AsyncIterable<{
    record: Record<string, string>;
    info: { lines: number };
  }>) {
    const read = format.read(record);
    if ('error' in read) yield { lineNo: info.lines, error: read.error };
    else yield { lineNo: info.lines, line: read };
  }
}

class HttpErrorHeader extends Error {
  constructor(readonly missing: string[]) {
    super(`missing columns: ${missing.join(', ')}`);
  }
}

const refused = (fileName: string, errors: { lineNo: number; message: string }[], total: number) =>
  new HttpError(
    400,
    'validation_error',
    `${fileName}: ${total} line${total === 1 ? '' : 's'} cannot be read; nothing was imported`,
    errors.map((error) => ({
      path: `content.line.${error.lineNo}`,
      message: `line ${error.lineNo}: ${error.message}`,
    })),
  );

/**
 * First pass: the file's hash and every bad line, numbered. A file with any bad line is refused
 * whole (400, nothing written); a good one answers its hash and settlement day.
 */
const check = async (source: SettlementSource, format: SettlementFormat) => {
  const hash = createHash('sha256');
  const stream = source.open();
  stream.on('data', (chunk: Buffer | string) => hash.update(chunk));
  const errors: { lineNo: number; message: string }[] = [];
  let total = 0;
  const bad = (lineNo: number, message: string) => {
    total++;
    if (errors.length < MAX_ERRORS_LISTED) errors.push({ lineNo, message });
  };
  let lines = 0;
  let day: string | null = null;
  let batch: string | null = null;
  try {
    for await (const item of records(stream, format, bad)) {
      lines++;
      if ('error' in item) bad(item.lineNo, item.error);
      else {
        if (!day || item.line.kind === 'payout') day = item.line.settledOn;
        batch ??= item.line.batch || null;
      }
    }
  } catch (error) {
    if (error instanceof HttpErrorHeader) bad(1, error.message);
    else bad(0, `not valid CSV: ${(error as Error).message}`);
  }
  if (lines === 0 && total === 0) bad(1, 'the file has no lines');
  if (total > 0)
    throw refused(
      source.fileName,
      errors.sort((a, b) => a.lineNo - b.lineNo),
      total,
    );
  return { hash: hash.digest('hex'), day, batch };
};

/**
 * Imports one settlement report: checked whole first, then every line matched and written, the
 * confirmed payments moved to SETTLEMENT_COMPLETED, the differences made exceptions, all in one
 * database transaction. The same file again (same bytes for the same processor settlement)
 * changes nothing and answers the first import.
 */
export const importSettlementFile = async (
  db: Db,
  context: ImportContext,
  source: SettlementSource,
): Promise<ImportOutcome> => {
  const format = formatOf(context.settlement.processor_settlement_type);
  const checked = await check(source, format);
  const existing = await repo.findFileByHash(db, context.settlement.id, checked.hash);
  if (existing) return { ...existing, duplicate: true };
  return db.transaction(async (tx) => {
    const fileId = newId('stf');
    const inserted = await repo.insertFile(tx, {
      id: fileId,
      organisationId: context.settlement.organisation_id,
      mode: context.mode,
      processorSettlementId: context.settlement.id,
      settlementUpdateId: context.settlementUpdateId,
      source: context.source,
      format: format.key,
      fileName: source.fileName,
      hash: checked.hash,
      settlementDate: checked.day,
      batch: checked.batch,
      createdBy: context.createdBy,
    });
    // Another import of the same bytes committed first: this one is the duplicate.
    if (!inserted) {
      const first = await repo.findFileByHash(tx, context.settlement.id, checked.hash);
      if (first) return { ...first, duplicate: true };
    }
    const covered = await repo.coveredProcessors(tx, context.settlement);
    const totals = {
      lines: 0,
      matched: 0,
      exceptions: 0,
      expectedNet: 0,
      expectedFee: 0,
      actualFee: 0,
      paidIn: null as number | null,
      currency: null as string | null,
    };
    let batch: Numbered[] = [];
    const flush = async () => {
      const outcome = await applyBatch(tx, { ...context, fileId, covered }, batch);
      totals.lines += batch.length;
      totals.matched += outcome.matched;
      totals.exceptions += outcome.exceptions;
      totals.expectedNet += outcome.expectedNet;
      totals.expectedFee += outcome.expectedFee;
      totals.actualFee += outcome.actualFee;
      batch = [];
    };
    for await (const item of records(source.open(), format, () => undefined)) {
      if ('error' in item) continue; // checked above: cannot happen for the same bytes
      if (item.line.kind === 'payout') {
        totals.paidIn = (totals.paidIn ?? 0) + item.line.amount;
        totals.currency ??= item.line.currency;
      }
      batch.push(item);
      if (batch.length >= BATCH) await flush();
    }
    if (batch.length) await flush();
    await repo.finishFile(tx, fileId, totals);
    await recordAudit(tx, {
      ...context.audit,
      type: 'settlement_file_imported',
      responseCode: 201,
      entity: 'settlementfile',
      entityId: fileId,
      detail: {
        processor_settlement: context.settlement.id,
        file_name: source.fileName,
        source: context.source,
        lines: totals.lines,
        matched: totals.matched,
        exceptions: totals.exceptions,
      },
    });
    return { fileId, duplicate: false, lines: totals.lines, matched: totals.matched, exceptions: totals.exceptions };
  });
};

type BatchContext = ImportContext & { fileId: string; covered: string[] };
const ITEM_OF = {
  payment: 'transaction',
  refund: 'refund',
  chargeback: 'chargeback',
  chargeback_reversal: 'chargeback',
} as const;
const DAY_MS = 86_400_000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (day: string, days: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

/** Finds each line's item: by the acquirer's reference, else by merchant reference, amount and date. */
const findItems = async (tx: Queryable, covered: string[], lines: Numbered[]) => {
  const found = new Map<number, repo.Candidate>();
  for (const kind of ['payment', 'refund', 'chargeback'] as const) {
    const ofKind = lines.filter(
      ({ line }) => line.kind === kind || (kind === 'chargeback' && line.kind === 'chargeback_reversal'),
    );
    if (!ofKind.length) continue;
    const refs = [...new Set(ofKind.map(({ line }) => line.acquirerReference).filter((r): r is string => !!r))];
    const byRef = new Map((await repo.itemsByReference(tx, ITEM_OF[kind], refs, covered)).map((c) => [c.reference, c]));
    const rest: Numbered[] = [];
    for (const item of ofKind) {
      const candidate = item.line.acquirerReference ? byRef.get(item.line.acquirerReference) : undefined;
      if (candidate) found.set(item.lineNo, candidate);
      else if (item.line.merchantReference) rest.push(item);
    }
    if (!rest.length) continue;
    const mrefs = [...new Set(rest.map(({ line }) => (line.merchantReference as string).toLowerCase()))];
    const byMerchantRef = await repo.itemsByMerchantReference(tx, ITEM_OF[kind], mrefs, covered);
    for (const { lineNo, line } of rest) {
      const match = byMerchantRef.find((c) => {
        if (c.merchant_reference.toLowerCase() !== (line.merchantReference as string).toLowerCase()) return false;
        if (Number(c.amount) !== line.amount || c.currency_code !== line.currency) return false;
        const made = dayOf(c.created_at);
        return line.bookedOn ? made === line.bookedOn : made <= line.settledOn && made >= addDays(line.settledOn, -10);
      });
      if (match) found.set(lineNo, match);
    }
  }
  return found;
};

type NewException = repo.NewException;

/** Matches one batch of lines and writes them, their exceptions and the payments they confirm. */
const applyBatch = async (tx: Queryable, context: BatchContext, lines: Numbered[]) => {
  const found = await findItems(tx, context.covered, lines);
  const ids = [...new Set([...found.values()].map((c) => c.id))];
  const settled = new Set((await repo.settledItems(tx, ids)).map((row) => `${row.kind}:${row.matched_id}`));
  const rows: repo.NewLine[] = [];
  const exceptions: NewException[] = [];
  const confirm: string[] = [];
  let matched = 0;
  let expectedNet = 0;
  // The acquirer's fees on the payments this batch reported: the cost scheme's against the file's.
  let expectedFees = 0;
  let actualFees = 0;
  const exception = (
    item: Numbered,
    kind: NewException['kind'],
    candidate: repo.Candidate | undefined,
    expected: number | null,
    actual: number,
  ) =>
    exceptions.push({
      id: newId('rex'),
      organisationId: candidate?.organisation_id ?? context.settlement.organisation_id,
      merchantId: candidate?.merchant_id ?? null,
      mode: context.mode,
      processorSettlementId: context.settlement.id,
      fileId: context.fileId,
      lineNo: item.lineNo,
      kind,
      itemType: candidate ? ITEM_OF[item.line.kind as keyof typeof ITEM_OF] : null,
      itemId: candidate?.id ?? null,
      acquirerReference: item.line.acquirerReference,
      merchantReference: item.line.merchantReference,
      currency: item.line.currency,
      expected,
      actual,
    });
  for (const item of lines) {
    const { line } = item;
    const base = { fileId: context.fileId, lineNo: item.lineNo, mode: context.mode, line };
    const unmatched = {
      ...base,
      expectedAmount: null,
      expectedFee: null,
      matchedType: null,
      matchedId: null,
      merchantId: null,
    };
    if (line.kind === 'payout') {
      rows.push({ ...unmatched, outcome: 'payout' });
      continue;
    }
    const candidate = found.get(item.lineNo);
    if (!candidate) {
      exception(item, 'unknown_payment', undefined, null, line.amount);
      rows.push({ ...unmatched, outcome: 'exception' });
      continue;
    }
    const itemType = ITEM_OF[line.kind];
    const key = `${line.kind}:${candidate.id}`;
    if (settled.has(key)) {
      exception(item, 'duplicate_line', candidate, 0, line.net);
      rows.push({
        ...base,
        outcome: 'exception',
        expectedAmount: Number(candidate.amount),
        expectedFee: null,
        matchedType: itemType,
        matchedId: null,
        merchantId: candidate.merchant_id,
      });
      continue;
    }
    settled.add(key);
    const amount = Number(candidate.amount);
    const fee = line.kind === 'payment' ? expectedFee(amount) : 0;
    const actualFee = line.interchange + line.schemeFee + line.markup;
    let clean = true;
    if (amount !== line.amount || candidate.currency_code !== line.currency) {
      exception(item, 'amount_difference', candidate, amount, line.amount);
      clean = false;
    } else if (actualFee !== fee) {
      exception(item, 'fee_difference', candidate, fee, actualFee);
      clean = false;
    }
    if (line.kind === 'payment' || line.kind === 'refund') {
      const due = addDays(dayOf(candidate.requested_at ?? candidate.created_at), 1);
      if (line.settledOn > due) {
        exception(item, 'late_settlement', candidate, amount, line.amount);
        clean = false;
      }
    }
    if (clean) matched++;
    const sign = line.kind === 'payment' || line.kind === 'chargeback_reversal' ? 1 : -1;
    expectedNet += sign * amount - fee;
    if (line.kind === 'payment') {
      expectedFees += fee;
      actualFees += actualFee;
    }
    if (line.kind === 'payment' && candidate.status === 'SETTLEMENT_REQUESTED') confirm.push(candidate.id);
    rows.push({
      ...base,
      outcome: clean ? 'matched' : 'exception',
      expectedAmount: amount,
      expectedFee: fee,
      matchedType: itemType,
      matchedId: candidate.id,
      merchantId: candidate.merchant_id,
    });
  }
  await repo.insertLines(tx, rows);
  await repo.insertExceptions(tx, exceptions);
  if (confirm.length) {
    const notify = await repo.completeSettlement(
      tx,
      confirm,
      `Settled by the acquirer (settlement file ${context.fileId})`,
    );
    for (const id of notify) await notifyItem(tx, 'transaction', id, 'transaction.updated');
    await repo.resolveMissing(tx, confirm, `Confirmed by settlement file ${context.fileId}`);
  }
  const exceptionLines = new Set(exceptions.map((e) => e.lineNo)).size;
  return { matched, exceptions: exceptionLines, expectedNet, expectedFee: expectedFees, actualFee: actualFees };
};
