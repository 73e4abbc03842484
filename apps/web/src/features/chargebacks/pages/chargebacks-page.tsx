import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '@/components/list-screen/list-screen.tsx';
import { chargebacksCountQueryOptions } from '../api/get-chargebacks-count.ts';
import { chargebacksQueryOptions } from '../api/get-chargebacks.ts';
import type { ChargebackRow } from '../api/types.ts';
import { chargebackColumns } from '../columns.tsx';
import { ChargebackDetail } from '../components/chargeback-detail.tsx';
import { ChargebackFilters } from '../components/chargeback-filters.tsx';
import { DisputeAnalytics } from '../components/dispute-analytics.tsx';
import { chargebackListParams } from '../search-params.ts';

/** `/chargebacks` (payments.md §2 "Chargebacks list"). */
export const ChargebacksPage = () => {
  const { t } = useTranslation();
  const columns = useMemo(() => chargebackColumns(t), [t]);
  return (
    <ListScreen<ChargebackRow>
      listId="chargebacks"
      title={t('chargebacks.title')}
      params={chargebackListParams}
      columns={columns}
      listQuery={chargebacksQueryOptions}
      countQuery={chargebacksCountQueryOptions}
      exportPath="chargeback/export"
      filters={(props) => <ChargebackFilters {...props} />}
      searchByLabel={(field) => t(`fields:chargeback.${field}`)}
      renderDetail={(id, close) => <ChargebackDetail id={id} onClose={close} />}
      intro={<DisputeAnalytics />}
    />
  );
};
