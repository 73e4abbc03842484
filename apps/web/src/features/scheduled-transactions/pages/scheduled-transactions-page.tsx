import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '@/components/list-screen/list-screen.tsx';
import { scheduledTransactionsCountQueryOptions } from '../api/get-scheduled-transactions-count.ts';
import { scheduledTransactionsQueryOptions } from '../api/get-scheduled-transactions.ts';
import type { ScheduledRow } from '../api/types.ts';
import { scheduledColumns } from '../columns.tsx';
import { ScheduledDetail } from '../components/scheduled-detail.tsx';
import { ScheduledFilters } from '../components/scheduled-filters.tsx';
import { scheduledListParams } from '../search-params.ts';

/** `/transactions/scheduled` (payments.md §2). */
export const ScheduledTransactionsPage = () => {
  const { t } = useTranslation();
  const columns = useMemo(() => scheduledColumns(t), [t]);
  return (
    <ListScreen<ScheduledRow>
      listId="scheduled-transactions"
      title={t('scheduledTransactions.title')}
      params={scheduledListParams}
      columns={columns}
      listQuery={scheduledTransactionsQueryOptions}
      countQuery={scheduledTransactionsCountQueryOptions}
      exportPath="scheduled-transaction/export"
      filters={(props) => <ScheduledFilters {...props} />}
      searchByLabel={(field) => t(`fields:scheduled_transaction.${field}`)}
      renderDetail={(id, close) => <ScheduledDetail id={id} onClose={close} />}
    />
  );
};
