import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { TransactionSummary } from '@/components/payments/transaction-summary.tsx';
import { CopyableId } from '@/components/copyable-id.tsx';
import { DateTime } from '@/components/date-time.tsx';
import { DetailFields, DetailPanel } from '@/components/detail-panel.tsx';
import { Money } from '@/components/money.tsx';
import { StatusTag } from '@/components/status-tag.tsx';
import { useOrganisationScope } from '@/lib/org-context.ts';
import { useRefund } from '../api/get-refund.ts';
import { populated, type RefundRow, type RefundTransaction } from '../api/types.ts';

const Details = ({ refund }: { refund: RefundRow }) => {
  const { t } = useTranslation();
  const f = (field: string) => t(`fields:refund.${field}`);
  return (
    <DetailFields
      fields={[
        { label: f('id'), value: <CopyableId value={refund.id} /> },
        { label: f('created_at'), value: <DateTime value={refund.created_at} style="long" /> },
        { label: f('last_status_update'), value: <DateTime value={refund.last_status_update} style="long" /> },
        { label: f('amount'), value: <Money amount={refund.amount} currency={refund.currency_code} /> },
        { label: f('status'), value: <StatusTag vocabulary="refund" status={refund.status} /> },
        { label: f('reason'), value: refund.reason },
        {
          label: f('processor_id_external'),
          value: refund.processor_id_external && <CopyableId value={refund.processor_id_external} />,
        },
        { label: f('payment_profile'), value: populated<{ id: string; name: string }>(refund.payment_profile)?.name },
      ]}
    />
  );
};

/** A refund's detail panel: the refund and the transaction it refunds. */
export const RefundDetail = ({ id, onClose }: { id: string; onClose: () => void }) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: refund, isPending, error } = useRefund(id, useOrganisationScope(pathname));
  const tx = refund ? populated<RefundTransaction>(refund.transaction) : null;
  return (
    <DetailPanel
      open
      onClose={onClose}
      loading={isPending && !error}
      notFound={Boolean(error)}
      title={t('refunds.detailTitle', { reference: tx?.merchant_reference ?? id })}
      tabs={
        refund
          ? [
              { key: 'details', label: t('refunds.tabs.details'), children: <Details refund={refund} /> },
              { key: 'transaction', label: t('refunds.tabs.transaction'), children: <TransactionSummary tx={tx} /> },
            ]
          : []
      }
    />
  );
};
