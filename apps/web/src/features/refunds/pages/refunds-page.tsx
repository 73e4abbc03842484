import { PlusOutlined } from '@ant-design/icons';
import { access } from '@kassa/domain';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '@/components/list-screen/list-screen.tsx';
import { AddRefundDialog } from '@/components/payments/add-refund-dialog.tsx';
import { useCan } from '@/lib/authorisation.ts';
import { refundsCountQueryOptions } from '../api/get-refunds-count.ts';
import { refundsQueryOptions } from '../api/get-refunds.ts';
import type { RefundRow } from '../api/types.ts';
import { refundColumns } from '../columns.tsx';
import { RefundDetail } from '../components/refund-detail.tsx';
import { RefundFilters } from '../components/refund-filters.tsx';
import { refundListParams } from '../search-params.ts';

/** `/refunds` (payments.md §2 "Refunds list"); Add refund only for the create roles. */
export const RefundsPage = () => {
  const { t } = useTranslation();
  const can = useCan();
  const columns = useMemo(() => refundColumns(t), [t]);
  const [adding, setAdding] = useState(false);
  return (
    <>
      <ListScreen<RefundRow>
        listId="refunds"
        title={t('refunds.title')}
        params={refundListParams}
        columns={columns}
        listQuery={refundsQueryOptions}
        countQuery={refundsCountQueryOptions}
        exportPath="refund/export"
        filters={(props) => <RefundFilters {...props} />}
        searchByLabel={(field) => t(`fields:refund.${field}`)}
        renderDetail={(id, close) => <RefundDetail id={id} onClose={close} />}
        actions={
          can(access.refund.create) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              {t('refunds.add.button')}
            </Button>
          )
        }
      />
      {adding && <AddRefundDialog open onClose={() => setAdding(false)} />}
    </>
  );
};
