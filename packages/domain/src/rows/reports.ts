import { z } from 'zod';
import { REPORT_FREQUENCIES, REPORT_STATUSES } from '../schemas/reports.ts';
import { json, populated, ZTimestamp, type WireOf } from './row.ts';
import { ZOrganisation } from './settings.ts';

/** The transaction list filters a report was made with, as the list's query parameters. */
export type ReportFilters = Record<string, string | string[]>;

/** A generated report as reports/transactions lists it (never the CSV itself). */
export const ZReport = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    name: z.string(),
    status: z.enum(REPORT_STATUSES),
    count: z.number().int().nullable(),
    progress: z.number().int(),
    size_bytes: z.number().int().nullable(),
    filters: json<ReportFilters>('The transaction list filters of the report'),
    fields: z.array(z.string()),
    schedule: z.string().nullable(),
    created_by: z.string().nullable(),
    processed_at: ZTimestamp.nullable(),
    organisation: z.string(),
  })
  .meta({ id: 'Report' });
/** `GET /v1/report` rows. */
export const ZReportRow = ZReport.extend({ organisation: populated(ZOrganisation) }).meta({ id: 'ReportRow' });
export type TReportRow = WireOf<typeof ZReportRow>;

export const ZReportSchedule = z
  .object({
    id: z.string(),
    created_at: ZTimestamp,
    name: z.string(),
    frequency: z.enum(REPORT_FREQUENCIES),
    email: z.string(),
    filters: json<ReportFilters>('The transaction list filters of the scheduled reports'),
    fields: z.array(z.string()),
    last_period: z.string().nullable(),
    last_run_at: ZTimestamp.nullable(),
    created_by: z.string().nullable(),
    organisation: z.string(),
  })
  .meta({ id: 'ReportSchedule' });
/** `GET /v1/reportschedule` rows. */
export const ZReportScheduleRow = ZReportSchedule.extend({ organisation: populated(ZOrganisation) }).meta({
  id: 'ReportScheduleRow',
});
export type TReportScheduleRow = WireOf<typeof ZReportScheduleRow>;
