import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { CopyableId } from '@/components/copyable-id.tsx';
import { DateTime } from '@/components/date-time.tsx';
import { DetailFields, DetailPanel } from '@/components/detail-panel.tsx';
import { EntityLink } from '@/components/entity-link.tsx';
import { Money } from '@/components/money.tsx';
import { StatusTag } from '@/components/status-tag.tsx';
import { useOrganisationScope } from '@/lib/org-context.ts';
import { useScheduledTransaction } from '../api/get-scheduled-transaction.ts';
import { customerLabel, populated, type ScheduledRow } from '../api/types.ts';

const Details = ({ row }: { row: ScheduledRow }) => {
  const { t } = useTranslation();
  const f = (field: string) => t(`fields:scheduled_transaction.${field}`);
  const customer = populated(row.customer);
  const tx = populated(row.transaction);
  return (
    <DetailFields
      fields={[
        { label: f('id'), value: <CopyableId value={row.id} /> },
        { label: f('due_at'), value: <DateTime value={row.due_at} style="long" /> },
        { label: f('amount'), value: <Money amount={row.amount} currency={row.currency_code} /> },
        { label: f('status'), value: <StatusTag vocabulary="scheduledTransaction" status={row.status} /> },
        { label: f('attempts'), value: row.attempts },
        { label: f('failure_reason'), value: row.failure_reason },
        {
          label: f('customer'),
          value: customer && (
            <EntityLink to="customers" filter={{ id: customer.id }} open>
              {customerLabel(customer)}
            </EntityLink>
          ),
        },
        {
          label: f('subscription'),
          value: row.subscription && (
            <EntityLink to="subscriptions" filter={{ id: row.subscription }} open>
              {row.subscription}
            </EntityLink>
          ),
        },
        {
          label: f('transaction'),
          value: tx && (
            <EntityLink to="transactions" filter={{ id: tx.id }} open>
              {tx.merchant_reference ?? tx.id}
            </EntityLink>
          ),
        },
        { label: f('payment_profile'), value: populated(row.payment_profile)?.name },
        { label: f('created_at'), value: <DateTime value={row.created_at} style="long" /> },
        { label: f('updated_at'), value: <DateTime value={row.updated_at} style="long" /> },
      ]}
    />
  );
};

/** A scheduled transaction's detail panel. */
export const ScheduledDetail = ({ id, onClose }: { id: string; onClose: () => void }) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data, isPending, error } = useScheduledTransaction(id, useOrganisationScope(pathname));
  return (
    <DetailPanel
      open
      onClose={onClose}
      loading={isPending && !error}
      notFound={Boolean(error)}
      title={t('scheduledTransactions.detailTitle', { customer: data ? customerLabel(data.customer) || data.id : id })}
      tabs={
        data
          ? [{ key: 'details', label: t('scheduledTransactions.tabs.details'), children: <Details row={data} /> }]
          : []
      }
    />
  );
};
