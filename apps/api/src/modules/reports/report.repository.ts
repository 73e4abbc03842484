import { STATISTICS_TIME_ZONE, type TListQuery } from '@kassa/domain';
import { sql, type Queryable } from '../../plugins/db/index.ts';
import type { Scope } from '../../query/scope.ts';
import { scopedModedAnd } from '../../query/where.ts';

export type NewReport = {
  organisationId: string;
  merchantId: string;
  name: string;
  filters: TListQuery;
  fields: readonly string[];
  scope: Scope;
  createdBy: string | null;
  scheduleId?: string;
};

export const insertReport = (tx: Queryable, id: string, values: NewReport) =>
  tx.query(sql`insert into report (id, organisation_id, merchant_id, name, filters, fields, scope, schedule_id, created_by_name, mode)
    values (${id}, ${values.organisationId}, ${values.merchantId}, ${values.name}, ${JSON.stringify(values.filters)}::jsonb, ${[...values.fields]}, ${JSON.stringify(values.scope)}::jsonb,
      ${values.scheduleId ?? null}, ${values.createdBy}, ${values.scope.mode ?? 'live'})`);

/** A report of the actor's tenancy with the number of its stored chunks, for a download. */
export const findOwnReportChunks = async (db: Queryable, id: string, scope: Scope) =>
  (
    await db.query<{
      name: string;
      status: string;
      chunks: number;
    }>(sql`select e.name, e.status, (select count(*)::int from report_chunk c where c.report_id = e.id) as chunks
    from report e where e.id = ${id} ${scopedModedAnd(scope)}`)
  )[0];

export const readChunk = async (db: Queryable, reportId: string, seq: number): Promise<string | undefined> =>
  (
    await db.query<{ data: string }>(sql`select data from report_chunk where report_id = ${reportId} and seq = ${seq}`)
  )[0]?.data;

export type ReportRow = {
  id: string;
  organisation_id: string;
  name: string;
  filters: TListQuery;
  fields: string[];
  scope: Scope;
  status: string;
};

export const findReport = async (db: Queryable, id: string): Promise<ReportRow | undefined> =>
  (
    await db.query<ReportRow>(
      sql`select id, organisation_id, name, filters, fields, scope, status from report where id = ${id}`,
    )
  )[0];

/** Drops what a half-written run stored, so a retried job starts over. */
export const deleteChunks = (db: Queryable, reportId: string) =>
  db.query(sql`delete from report_chunk where report_id = ${reportId}`);

export const startReport = (db: Queryable, reportId: string, count: number) =>
  db.query(sql`update report set count = ${count}, progress = 0 where id = ${reportId}`);

export const insertChunk = (db: Queryable, reportId: string, seq: number, data: string) =>
  db.query(sql`insert into report_chunk (report_id, seq, data) values (${reportId}, ${seq}, ${data})`);

export const setProgress = (db: Queryable, reportId: string, progress: number) =>
  db.query(sql`update report set progress = ${progress} where id = ${reportId}`);

export const markProcessed = (tx: Queryable, reportId: string, sizeBytes: number) =>
  tx.query(
    sql`update report set status = 'PROCESSED', progress = count, size_bytes = ${sizeBytes}, processed_at = now() where id = ${reportId}`,
  );

const UNIT = sql`(case s.frequency when 'daily' then 'day' when 'weekly' then 'week' else 'month' end)`;

/** Schedules whose current local period has no report yet (at most 500 per run). */
export const listDueScheduleIds = (db: Queryable) =>
  db.query<{ id: string }>(sql`select s.id from report_schedule s
    where s.last_period is null or s.last_period < (date_trunc(${UNIT}, now() at time zone ${STATISTICS_TIME_ZONE}))::date order by s.id limit 500`);

export type DueSchedule = {
  id: string;
  organisation_id: string;
  merchant_id: string;
  name: string;
  filters: TListQuery;
  fields: string[];
  scope: Scope;
  mode: 'live' | 'test';
  email: string;
  language: string;
  reported: string;
  lower: Date;
  upper: Date;
};

/**
 * Claims the schedule's current period: the conditional update of `last_period` elects one worker
 * per schedule and period. Answers the previous period's bounds, or undefined when another won.
 */
export const claimDueSchedule = async (tx: Queryable, id: string): Promise<DueSchedule | undefined> =>
  (
    await tx.query<DueSchedule>(sql`
        with p as (select s.id, date_trunc(${UNIT}, now() at time zone ${STATISTICS_TIME_ZONE}) as start, ('1 ' || ${UNIT})::interval as length from report_schedule s where s.id = ${id})
        update report_schedule s set last_period = p.start::date, last_run_at = now()
        from p where s.id = p.id and (s.last_period is null or s.last_period < p.start::date)
        returning s.id, s.organisation_id, s.merchant_id, s.name, s.filters, s.fields, s.scope, s.mode, s.email, s.language, to_char(p.start - p.length, 'YYYY-MM-DD') as reported,
          (p.start - p.length) at time zone ${STATISTICS_TIME_ZONE} as lower, p.start at time zone ${STATISTICS_TIME_ZONE} as upper`)
  )[0];
