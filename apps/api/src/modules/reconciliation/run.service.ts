import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { newId } from '../../lib/ids.ts';
import { SYSTEM_ACTOR } from '../../plugins/audit.ts';
import type { Db } from '../../plugins/db/index.ts';
import { DEFAULT_UNCONFIRMED_AFTER_DAYS } from './contract.ts';
import { importSettlementFile } from './import.service.ts';
import * as repo from './reconciliation.repository.ts';
import { publishSandboxReport } from './sandbox-acquirer.ts';

const DAY_MS = 86_400_000;
/** A run reaches back at most this many days: a `last` far in the past does not publish a year of files at once. */
export const MAX_RUN_DAYS = 31;

/**
 * What a run found: the files of the days it covered (one imported before, by the schedule or an
 * earlier run, counts with its first import's numbers and changes nothing), their lines, those
 * matched exactly, those that became exceptions.
 */
export type RunOutcome = { files: number; lines: number; matched: number; exceptions: number };

/** The processor settlement's `unconfirmedAfterDays` detail, or the default. */
export const unconfirmedAfterDays = (settlement: repo.ProcessorSettlement): number => {
  const detail = settlement.details?.find((d) => d.name === 'unconfirmedAfterDays');
  const days = Number(detail?.value);
  return Number.isInteger(days) && days > 0 && days <= 365 ? days : DEFAULT_UNCONFIRMED_AFTER_DAYS;
};

/**
 * One run of a processor settlement's import (portal.md §2.4): the acquirer's report of every
 * settlement day from `last` to today is fetched (the sandbox acquirer publishes it) and imported;
 * a file imported before changes nothing. Then the payments no file confirmed in time become
 * exceptions, and `last` moves forward to today. Safe to repeat.
 */
export const runSettlementImport = async (
  db: Db,
  dataDir: string,
  settlementId: string,
  settlementUpdateId: string | null,
  now: Date = new Date(),
): Promise<RunOutcome | undefined> => {
  const settlement = await repo.findProcessorSettlement(db, settlementId);
  if (!settlement) return undefined;
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const from = Math.max(
    Math.floor((settlement.last ?? new Date(today)).getTime() / DAY_MS) * DAY_MS,
    today - (MAX_RUN_DAYS - 1) * DAY_MS,
  );
  const outcome: RunOutcome = { files: 0, lines: 0, matched: 0, exceptions: 0 };
  for (let day = from; day <= today; day += DAY_MS) {
    const date = new Date(day).toISOString().slice(0, 10);
    const path = await publishSandboxReport(db, dataDir, settlement, date);
    if (!path) continue;
    const result = await importSettlementFile(
      db,
      {
        settlement,
        source: 'sandbox',
        mode: 'live',
        settlementUpdateId,
        createdBy: null,
        audit: { ...SYSTEM_ACTOR, organisationId: settlement.organisation_id },
      },
      { fileName: basename(path), open: () => createReadStream(path) },
    );
    outcome.files++;
    outcome.lines += result.lines;
    outcome.matched += result.matched;
    outcome.exceptions += result.exceptions;
  }
  await db.transaction(async (tx) => {
    await repo.reportMissing(tx, settlement, unconfirmedAfterDays(settlement), () => newId('rex'));
    await repo.markRun(tx, settlement.id, new Date(today));
    if (settlementUpdateId) await repo.recordUpdateCounts(tx, settlementUpdateId, outcome);
  });
  return outcome;
};

/** The schedule's run: every active processor settlement from its `last`. */
export const runAllSettlementImports = async (db: Db, dataDir: string): Promise<void> => {
  for (const settlement of await repo.activeProcessorSettlements(db))
    await runSettlementImport(db, dataDir, settlement.id, null);
};
