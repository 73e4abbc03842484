import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '@/components/list-screen/list-screen.tsx';
import { auditTrailCountQueryOptions, auditTrailQueryOptions } from '../api/get-audit-trail.ts';
import type { AuditRow } from '../api/types.ts';
import { auditTrailColumns } from '../columns.tsx';
import { AuditDetail } from '../components/audit-detail.tsx';
import { AuditFilters } from '../components/audit-filters.tsx';
import { auditTrailParams } from '../search-params.ts';

/** `/psp/audit-trail` (risk-config.md §2.7). */
export const AuditTrailPage = () => {
  const { t } = useTranslation();
  const columns = useMemo(() => auditTrailColumns(t), [t]);
  return (
    <ListScreen<AuditRow>
      listId="auditTrail"
      title={t('auditTrail.title')}
      params={auditTrailParams}
      columns={columns}
      listQuery={auditTrailQueryOptions}
      countQuery={auditTrailCountQueryOptions}
      exportPath="psp/audittrail/export"
      filters={(props) => <AuditFilters {...props} />}
      searchByLabel={(field) => t(`auditTrail.fields.${field}`)}
      renderDetail={(id, close) => <AuditDetail id={id} onClose={close} />}
    />
  );
};
