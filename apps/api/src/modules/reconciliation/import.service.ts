import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { HttpError } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import { recordAudit, type AuditEntry } from '../../plugins/audit.ts';
import type { Db, Queryable } from '../../plugins/db/index.ts';
import { enqueue } from '../../jobs/queue.ts';
import { notifyItem } from '../webhooks/delivery.service.ts';
import { expectedFeeSql } from './contract.ts';
import { formatOf, type SettlementFormat } from './formats/index.ts';
import * as repo from './reconciliation.repository.ts';

/** Lines staged per statement: a million-line file never sits in memory. */
const STAGE_BATCH = 5000;
/** The numbered errors a refused file answers (the count says how many there were in all). */
const MAX_ERRORS_LISTED = 1000;

export type SettlementSource = {
  fileName: string;
  /** The file's bytes, opened afresh for each pass (the hash, then the import). */
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

type Numbered = repo.StagedLine;

/**
 * The records of a CSV file with their line numbers (the line each record ends on), streamed. A
 * record the CSV parser cannot read (a broken quote) or with another number of columns than the
 * header is reported to `onBad` and skipped.
 *
 * The line numbers are counted here (a record, plus the line breaks inside its quoted fields, an
 * empty line skipped) rather than asked of csv-parse for every record (`info`, a fifth of a
 * million-line file's parse). Where csv-parse itself skips a record, the count after it may be
 * off: the file is refused anyway, and `exact` (csv-parse's own count) numbers its lines again.
 */
async function* records(
  stream: Readable,
  format: SettlementFormat,
  onBad: (lineNo: number, message: string) => void,
  options: { exact: boolean; onUnreadable?: () => void },
): AsyncGenerator<Numbered | { lineNo: number; error: string }> {
  const parser = stream.pipe(
    parse({ bom: true, relax_column_count: true, skip_records_with_error: true, info: options.exact }),
  );
  parser.on('skip', (error: Error & { lines?: number }) => {
    options.onUnreadable?.();
    onBad(error.lines ?? 0, `not valid CSV: ${error.message}`);
  });
  let names: string[] | undefined;
  let lineNo = 0;
  for await (const item of parser as AsyncIterable<string[] | { record: string[]; info: { lines: number } }>) {
    const record = Array.isArray(item) ? item : item.record;
    lineNo++;
    for (const field of record) if (field.includes('\n')) lineNo += field.split('\n').length - 1;
    if (!Array.isArray(item)) lineNo = item.info.lines;
    if (record.length === 1 && record[0] === '') continue; // an empty line
    if (!names) {
      names = record.map((name) => name.trim());
      const missing = format.header.filter((name) => !names!.includes(name));
      if (missing.length) throw new HttpErrorHeader(missing);
      continue;
    }
    if (record.length !== names.length) {
      yield { lineNo, error: `not valid CSV: ${record.length} columns where the header has ${names.length}` };
      continue;
    }
    const named: Record<string, string> = {};
    for (let i = 0; i < names.length; i++) named[names[i]] = record[i];
    const read = format.read(named);
    if ('error' in read) yield { lineNo, error: read.error };
    else yield { lineNo, line: read };
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

/** First pass: the file's hash (its bytes only, nothing parsed), to know a file imported before. */
const hashOf = async (source: SettlementSource) => {
  const hash = createHash('sha256');
  for await (const chunk of source.open()) hash.update(chunk as Buffer | string);
  return hash.digest('hex');
};

/**
 * Second pass: every line read and staged, every bad line numbered. A file with any bad line is
 * refused whole (400; the caller's transaction, and the stage with it, is rolled back); a good one
 * answers its settlement day and batch. A file csv-parse could not read somewhere is read once
 * more, only to number its lines exactly.
 */
const stage = async (tx: Queryable, source: SettlementSource, format: SettlementFormat) => {
  const read = await readLines(tx, source, format, false);
  if (read.unreadable) {
    const exact = await readLines(null, source, format, true);
    throw refused(source.fileName, exact.errors, exact.total);
  }
  if (read.total > 0) throw refused(source.fileName, read.errors, read.total);
  return { day: read.day, batch: read.batch };
};

/** One reading of the file: its bad lines numbered; its good ones staged (with `tx`) while none is bad. */
const readLines = async (tx: Queryable | null, source: SettlementSource, format: SettlementFormat, exact: boolean) => {
  const errors: { lineNo: number; message: string }[] = [];
  let total = 0;
  let unreadable = false;
  const bad = (lineNo: number, message: string) => {
    total++;
    if (errors.length < MAX_ERRORS_LISTED) errors.push({ lineNo, message });
  };
  let lines = 0;
  let day: string | null = null;
  let batchNumber: string | null = null;
  let batch: Numbered[] = [];
  // One batch is written while the next is parsed: the database and the parse each keep a core busy.
  // A failed write is the database's error, not the file's: it ends the parse and is thrown as it is.
  let writing: Promise<unknown> = Promise.resolve();
  let failed: { error: unknown } | undefined;
  const written = async () => {
    await writing;
    if (failed) throw failed.error;
  };
  const write = async (rows: Numbered[]) => {
    await writing;
    if (tx) writing = repo.stageLines(tx, rows).catch((error: unknown) => (failed ??= { error }));
  };
  try {
    const onUnreadable = () => (unreadable = true);
    for await (const item of records(source.open(), format, bad, { exact, onUnreadable })) {
      if (failed) break;
      lines++;
      if ('error' in item) {
        bad(item.lineNo, item.error);
        continue;
      }
      if (!day || item.line.kind === 'payout') day = item.line.settledOn;
      batchNumber ??= item.line.batch || null;
      if (total > 0) continue; // refused whatever follows: only its errors are still counted
      batch.push(item);
      if (batch.length >= STAGE_BATCH) {
        await write(batch);
        batch = [];
      }
    }
  } catch (error) {
    if (error instanceof HttpErrorHeader) bad(1, error.message);
    else bad(0, `not valid CSV: ${(error as Error).message}`);
  }
  await written();
  if (lines === 0 && total === 0) bad(1, 'the file has no lines');
  if (total === 0 && batch.length) await write(batch);
  await written();
  return { errors: errors.sort((a, b) => a.lineNo - b.lineNo), total, unreadable, day, batch: batchNumber };
};

/** Payments one settle step moves to SETTLEMENT_COMPLETED in its own transaction (and at most one file's worth within its import). */
export const SETTLE_SLICE = 10_000;
/** The job that settles a file's payments after its import (payload `file_id`). */
export const SETTLE_QUEUE = 'settlement-file.settle';

const settledReason = (fileId: string) => `Settled by the acquirer (settlement file ${fileId})`;

/**
 * The file's payments from where its settling stopped, SETTLE_SLICE lines a statement, each slice
 * with its webhooks and the line it reached. Within `tx` (a file of one slice, in its import) or
 * each slice its own transaction (`db`): a million payments never wait behind one lock, and a
 * crash resumes at the slice it stopped in. Answers how many payments moved.
 */
const settleSlices = async (
  db: Queryable,
  eachSlice: (work: (tx: Queryable) => Promise<void>) => Promise<void>,
  fileId: string,
): Promise<number> => {
  const state = await repo.settlingOf(db, fileId);
  if (!state || state.settled) return 0;
  const last = state.last_line ?? 0;
  let moved = 0;
  const slice = async (tx: Queryable, from: number) => {
    const to = Math.min(from + SETTLE_SLICE - 1, last);
    const done = await repo.settleLines(tx, fileId, from, to, settledReason(fileId));
    for (const id of done.notify) await notifyItem(tx, 'transaction', id, 'transaction.updated');
    await repo.markSettled(tx, fileId, to, to >= last);
    moved += done.moved;
  };
  if (last <= state.settled_through) await repo.markSettled(db, fileId, last, true);
  for (let from = state.settled_through + 1; from <= last; from += SETTLE_SLICE)
    await eachSlice((tx) => slice(tx, from));
  return moved;
};

/** The settle job's work: a file's payments still to move, slice by slice; done twice, the second changes nothing. */
export const settleFile = (db: Db, fileId: string): Promise<number> =>
  settleSlices(db, (work) => db.transaction(work), fileId);

/**
 * Imports one settlement report in one database transaction: its lines streamed into a stage
 * (a file with any bad line refused whole, nothing written), matched and judged in a few
 * set-based statements, written with their exceptions. The confirmed payments move to
 * SETTLEMENT_COMPLETED in the same transaction when they fit one slice; otherwise the import
 * queues the settle job (in its transaction), which moves them slice by slice after it. The same
 * file again (same bytes for the same processor settlement) changes nothing and answers the first
 * import.
 */
export const importSettlementFile = async (
  db: Db,
  context: ImportContext,
  source: SettlementSource,
): Promise<ImportOutcome> => {
  const format = formatOf(context.settlement.processor_settlement_type);
  const hash = await hashOf(source);
  const existing = await repo.findFileByHash(db, context.settlement.id, hash);
  if (existing) return { ...existing, duplicate: true };
  return db.transaction(async (tx) => {
    await repo.tuneForFile(tx);
    await repo.createStage(tx);
    const read = await stage(tx, source, format);
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
      hash,
      settlementDate: read.day,
      batch: read.batch,
      createdBy: context.createdBy,
    });
    // Another import of the same bytes committed first: this one is the duplicate.
    if (!inserted) {
      const first = await repo.findFileByHash(tx, context.settlement.id, hash);
      if (first) return { ...first, duplicate: true };
    }
    await repo.matchStaged(tx, await repo.coveredProcessors(tx, context.settlement));
    await repo.judgeStaged(tx, expectedFeeSql);
    await repo.writeStagedLines(tx, fileId, context.mode);
    await repo.writeStagedExceptions(tx, {
      idPrefix: newId('rex').slice(0, -6),
      fileId,
      mode: context.mode,
      settlement: context.settlement,
    });
    const totals = await repo.stagedTotals(tx);
    await repo.resolveMissingStaged(tx, `Confirmed by settlement file ${fileId}`);
    // A file of one slice settles in its import; a larger one after it, slice by slice (the job).
    if (totals.to_settle <= SETTLE_SLICE) await settleSlices(tx, (work) => work(tx), fileId);
    else await enqueue(tx, SETTLE_QUEUE, { file_id: fileId }, { uniqueKey: fileId });
    await repo.finishFile(tx, fileId, {
      lines: totals.lines,
      matched: totals.matched,
      exceptions: totals.exceptions,
      expectedNet: Number(totals.expected_net),
      expectedFee: Number(totals.expected_fee),
      actualFee: Number(totals.actual_fee),
      paidIn: totals.paid_in === null ? null : Number(totals.paid_in),
      currency: totals.currency,
    });
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
