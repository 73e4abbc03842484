import { REPORT_FREQUENCIES, REPORT_STATUSES, ZReportRow, ZReportScheduleRow } from '@kassa/domain';
import { defineEntity } from '../../query/entity.ts';
import { organisationEntity } from '../settings/settings.entities.ts';

/** Generated reports as reports/transactions lists them (never the CSV itself). */
export const reportEntity = defineEntity(ZReportRow, {
  name: 'report',
  table: 'report',
  moded: true,
  tenancy: 'merchant',
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    name: { type: 'text', filter: true, sort: true, search: 'prefix' },
    status: { type: 'text', filter: true, sort: true, values: REPORT_STATUSES },
    count: { type: 'int' },
    progress: { type: 'int' },
    size_bytes: { type: 'int' },
    filters: { type: 'json' },
    fields: { type: 'text[]' },
    schedule: { type: 'id', column: 'e.schedule_id', filter: true },
    created_by: { type: 'text', column: 'e.created_by_name' },
    processed_at: { type: 'timestamp', sort: true },
    organisation: { type: 'id', column: 'e.organisation_id' },
  },
  populate: { organisation: { field: 'organisation', target: () => organisationEntity } },
});

export const reportScheduleEntity = defineEntity(ZReportScheduleRow, {
  name: 'report_schedule',
  table: 'report_schedule',
  // A schedule is of the mode it was made in, like the reports it makes (test mode, issue 38).
  moded: true,
  tenancy: 'merchant',
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    name: { type: 'text', filter: true, sort: true, search: 'prefix' },
    frequency: { type: 'text', filter: true, values: REPORT_FREQUENCIES },
    email: { type: 'text' },
    filters: { type: 'json' },
    fields: { type: 'text[]' },
    last_period: { type: 'text', column: "to_char(e.last_period, 'YYYY-MM-DD')" },
    last_run_at: { type: 'timestamp', sort: true },
    created_by: { type: 'text', column: 'e.created_by_name' },
    organisation: { type: 'id', column: 'e.organisation_id' },
  },
  populate: { organisation: { field: 'organisation', target: () => organisationEntity } },
});
