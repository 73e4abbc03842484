import { Readable } from 'node:stream';
import { type TListQuery, type TReportCreate, type TReportScheduleCreate } from '@kassa/domain';
import type { Config } from '../../config.ts';
import { newId } from '../../lib/ids.ts';
import { badRequest, conflict, HttpError, notFoundAt } from '../../lib/http-error.ts';
import { PermanentJobError, registerJobHandler } from '../../jobs/handlers.ts';
import { enqueue } from '../../jobs/queue.ts';
import { schedulePeriodic } from '../../jobs/schedules.ts';
import type { Actor } from '../../plugins/actor.ts';
import { readFromReplica, type Db, type Queryable } from '../../plugins/db/index.ts';
import { queueMail } from '../../plugins/mail/queue.ts';
import { escapeHtml, mailLanguage } from '../auth/mail-templates.ts';
import { exportCsv } from '../../query/export.ts';
import { countEntity } from '../../query/repository.ts';
import { createEntity, defineWrite, deleteEntity } from '../../query/write.ts';
import type { Scope } from '../../query/scope.ts';
import { transactionEntity } from '../payments/transaction.entity.ts';
import { reportEntity, reportScheduleEntity } from './report.entity.ts';
import * as repo from './report.repository.ts';

export const REPORT_QUEUE = 'report.generate';
export const REPORT_SCHEDULE_QUEUE = 'report.schedules';

/** List keys a report may not keep: paging, columns and output format are the report's own. */
const RESERVED = new Set(['_limit', '_skip', '_fields', '_populate', '_format', '_lang', '_tz']);

/**
 * Checks the filters with the transaction list itself (a count in the report's scope), so a report
 * accepts exactly what the list accepts; a bad key or value is a 400 naming `body.filters.<key>`.
 */
const checkFilters = async (db: Queryable, scope: Scope, filters: TListQuery): Promise<number> => {
  for (const key of Object.keys(filters))
    if (RESERVED.has(key)) throw badRequest(`body.filters.${key}`, `${key} cannot be part of a report's filters`);
  try {
    return await countEntity(db, transactionEntity, scope, filters);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 400) {
      throw new HttpError(
        400,
        error.code,
        error.message,
        (error.details ?? []).map((d) => ({ ...d, path: d.path.replace(/^querystring\./, 'body.filters.') })),
      );
    }
    throw error;
  }
};

const insertReport = async (tx: Queryable, values: repo.NewReport) => {
  const id = newId('rep');
  await repo.insertReport(tx, id, values);
  return id;
};

const reportWrite = defineWrite({
  entity: reportEntity,
  path: 'report',
  idPrefix: 'rep',
  label: 'Report',
  audit: { entity: 'report', type: 'report' },
});
const scheduleWrite = defineWrite({
  entity: reportScheduleEntity,
  path: 'report-schedule',
  idPrefix: 'rsc',
  label: 'Report schedule',
  audit: { entity: 'report_schedule', type: 'report_schedule' },
});

/**
 * Stores the report (PENDING) and queues its job in one transaction: the job exists exactly when the
 * report does. Its rows are read with the tenancy of the chosen organisation's subtree.
 */
export const createReport = (db: Db, actor: Actor & { name: string }, body: TReportCreate) =>
  createEntity(db, actor, reportWrite, body, async ({ tx, id, ownerScope }) => {
    await checkFilters(tx, ownerScope, body.filters);
    await enqueue(tx, REPORT_QUEUE, { reportId: id }, { uniqueKey: id, maxAttempts: 3 });
    return {
      values: {
        name: body.name,
        filters: JSON.stringify(body.filters),
        fields: [...body.fields],
        scope: JSON.stringify(ownerScope),
        created_by_name: actor.name,
      },
      detail: { name: body.name },
    };
  });

/** Deletes a PROCESSED report (a PENDING one is still being written: 409). */
export const deleteReport = (db: Db, actor: Actor, id: string): Promise<void> =>
  deleteEntity(db, actor, reportWrite, id, async ({ row }) => {
    if (row.status !== 'PROCESSED') throw conflict('Please wait until the report has been generated', 'conflict');
  });

/** The stored CSV of a PROCESSED report, read chunk by chunk as it is sent. */
export const downloadReport = async (db: Db, scope: Scope, id: string): Promise<{ name: string; stream: Readable }> => {
  const row = await repo.findOwnReportChunks(db, id, scope);
  if (!row) throw notFoundAt('params.id', 'Report');
  if (row.status !== 'PROCESSED') throw conflict('Please wait until the report has been generated');
  async function* chunks() {
    for (let seq = 0; seq < row.chunks; seq++) {
      const data = await repo.readChunk(db, id, seq);
      if (data !== undefined) yield data;
    }
  }
  return { name: row.name, stream: Readable.from(chunks(), { highWaterMark: 2 }) };
};

export type ReportMail = { to: string; language: string };

const downloadLink = (config: Config, report: { id: string; organisation_id: string }) =>
  `${config.publicUrl.replace(/\/$/, '')}/reports/transactions?_download=true&id=${encodeURIComponent(report.id)}&_organisation=${encodeURIComponent(report.organisation_id)}`;

const reportMail = (config: Config, report: repo.ReportRow & { count: number }, mail: ReportMail) => {
  const nl = mailLanguage(mail.language) === 'nl';
  const link = downloadLink(config, report);
  const subject = nl ? `Rapport "${report.name}" staat klaar` : `Report "${report.name}" is ready`;
  const lines = nl
    ? [
        `Het rapport "${report.name}" is gemaakt (${report.count} regels).`,
        'Download het rapport via deze link (inloggen is nodig):',
      ]
    : [
        `The report "${report.name}" has been generated (${report.count} lines).`,
        'Download the report with this link (you need to sign in):',
      ];
  return {
    to: mail.to,
    subject,
    template: 'report_ready',
    text: `${lines.join('\n\n')}\n\n${link}`,
    html: `<div style="font-family:sans-serif">${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p></div>`,
  };
};

/**
 * Writes a report: counts its rows, streams the CSV from a cursor in batches into chunks with the
 * progress after each, then marks it PROCESSED (and queues its mail) in one transaction. Safe to
 * repeat: a PROCESSED report is left alone, a half-written one starts over.
 */
export const generateReport = async (db: Db, config: Config, reportId: string, mail?: ReportMail): Promise<void> => {
  const report = await repo.findReport(db, reportId);
  if (!report) throw new PermanentJobError(`report ${reportId} does not exist`);
  if (report.status === 'PROCESSED') return;
  await repo.deleteChunks(db, reportId);
  // Its rows may be read on a replica (a few seconds behind); the chunks it writes go to the primary.
  const { total, size } = await readFromReplica(null, async () => {
    const total = await countEntity(db, transactionEntity, report.scope, report.filters);
    await repo.startReport(db, reportId, total);
    const csv = await exportCsv(
      db,
      transactionEntity,
      report.scope,
      { ...report.filters, _fields: report.fields.join(',') },
      report.fields,
    );
    let seq = 0;
    let size = 0;
    let lines = -1;
    for await (const chunk of csv) {
      const data = String(chunk);
      await repo.insertChunk(db, reportId, seq++, data);
      size += Buffer.byteLength(data);
      lines += data.split('\r\n').length - 1;
      await repo.setProgress(db, reportId, Math.min(Math.max(lines, 0), total));
    }
    return { total, size };
  });
  await db.transaction(async (tx) => {
    await repo.markProcessed(tx, reportId, size);
    if (mail) await queueMail(tx, reportMail(config, { ...report, count: total }, mail));
  });
};

export const createSchedule = (
  db: Db,
  actor: Actor & { name: string; language: string },
  body: TReportScheduleCreate,
) =>
  createEntity(db, actor, scheduleWrite, body, async ({ tx, ownerScope }) => {
    await checkFilters(tx, ownerScope, body.filters);
    return {
      values: {
        name: body.name,
        filters: JSON.stringify(body.filters),
        fields: body.fields,
        scope: JSON.stringify(ownerScope),
        frequency: body.frequency,
        email: body.email,
        language: actor.language,
        created_by_name: actor.name,
      },
      detail: { name: body.name, frequency: body.frequency },
    };
  });

export const deleteSchedule = (db: Db, actor: Actor, id: string): Promise<void> =>
  deleteEntity(db, actor, scheduleWrite, id);

/**
 * Makes the report of every schedule whose current local period has none yet: for the previous
 * whole day, ISO week or month (Europe/Amsterdam). The conditional update of `last_period` elects
 * one worker per schedule and period, so several workers never make a period's report twice.
 */
export const runDueSchedules = async (db: Db): Promise<number> => {
  const due = await repo.listDueScheduleIds(db);
  let made = 0;
  for (const { id } of due) {
    const won = await db.transaction(async (tx) => {
      const s = await repo.claimDueSchedule(tx, id);
      if (!s) return false;
      const upper = new Date(new Date(s.upper).getTime() - 1);
      const filters: TListQuery = {
        ...s.filters,
        'created_at>': new Date(s.lower).toISOString(),
        'created_at<': upper.toISOString(),
      };
      const reportId = await insertReport(tx, {
        organisationId: s.organisation_id,
        merchantId: s.merchant_id,
        name: `${s.name} ${s.reported}`,
        filters,
        fields: s.fields,
        // The schedule's mode: a test-mode schedule makes test reports of test rows.
        scope: { ...s.scope, mode: s.mode },
        createdBy: null,
        scheduleId: s.id,
      });
      await enqueue(
        tx,
        REPORT_QUEUE,
        { reportId, mail: { to: s.email, language: s.language } },
        { uniqueKey: reportId, maxAttempts: 3 },
      );
      return true;
    });
    if (won) made++;
  }
  return made;
};

export const registerReportJobs = (): void => {
  registerJobHandler(REPORT_QUEUE, async (payload, ctx) => {
    if (typeof payload.reportId !== 'string') throw new PermanentJobError('report job without reportId');
    const mail = payload.mail && typeof payload.mail === 'object' ? (payload.mail as ReportMail) : undefined;
    await generateReport(ctx.db, ctx.config, payload.reportId, mail);
  });
  registerJobHandler(REPORT_SCHEDULE_QUEUE, async (_payload, ctx) => {
    await runDueSchedules(ctx.db);
  });
  schedulePeriodic(REPORT_SCHEDULE_QUEUE, Number(process.env.REPORT_SCHEDULE_EVERY_SECONDS) || 60);
};
