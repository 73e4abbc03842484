import { IMPORT_KINDS, IMPORT_STATUSES, ZImportRow } from '@kassa/domain';
import { defineEntity } from '../../query/entity.ts';
import { organisationEntity } from '../settings/settings.entities.ts';

/** Import jobs as the imports screen lists them (never the file itself). */
export const importEntity = defineEntity(ZImportRow, {
  name: 'import',
  table: 'import_job',
  // An import is of the mode it was made in, like the rows it adds (test mode, issue 38).
  moded: true,
  tenancy: 'merchant',
  fields: {
    id: { type: 'id', filter: true, sort: true, search: 'exact' },
    created_at: { type: 'timestamp', filter: true, sort: true },
    kind: { type: 'text', filter: true, values: IMPORT_KINDS },
    file_name: { type: 'text', filter: true, search: 'prefix' },
    status: { type: 'text', filter: true, sort: true, values: IMPORT_STATUSES },
    total_rows: { type: 'int' },
    imported_rows: { type: 'int' },
    rejected_rows: { type: 'int' },
    report: { type: 'json' },
    error: { type: 'text' },
    created_by: { type: 'text', column: 'e.created_by_name' },
    finished_at: { type: 'timestamp', sort: true },
    organisation: { type: 'id', column: 'e.organisation_id' },
  },
  populate: { organisation: { field: 'organisation', target: () => organisationEntity } },
});
