import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { TransactionSummary } from '@/components/payments/transaction-summary.tsx';
import { CopyableId } from '@/components/copyable-id.tsx';
import { DateTime } from '@/components/date-time.tsx';
import { DetailFields, DetailPanel } from '@/components/detail-panel.tsx';
import { Money } from '@/components/money.tsx';
import { StatusTag } from '@/components/status-tag.tsx';
import { useOrganisationScope } from '@/lib/org-context.ts';
import { useChargeback } from '../api/get-chargeback.ts';
import { populated, type ChargebackRow, type ChargebackTransaction } from '../api/types.ts';
import { ChargebackReason } from '@/components/chargeback-reason.tsx';
import { DisputeTab } from './dispute-tab.tsx';

type Named = { id: string; name: string };

const Details = ({ chargeback }: { chargeback: ChargebackRow }) => {
  const { t } = useTranslation();
  const f = (field: string) => t(`fields:chargeback.${field}`);
  return (
    <DetailFields
      fields={[
        { label: f('id'), value: <CopyableId value={chargeback.id} /> },
        { label: f('created_at'), value: <DateTime value={chargeback.created_at} style="long" /> },
        { label: f('updated_at'), value: <DateTime value={chargeback.updated_at} style="long" /> },
        { label: f('amount'), value: <Money amount={chargeback.amount} currency={chargeback.currency_code} /> },
        { label: f('status'), value: <StatusTag vocabulary="chargeback" status={chargeback.status} /> },
        { label: f('reason'), value: <ChargebackReason code={chargeback.reason_code} text={chargeback.reason} /> },
        { label: f('processor'), value: populated<Named>(chargeback.processor)?.name },
        {
          label: f('processor_id_external'),
          value: chargeback.processor_id_external && <CopyableId value={chargeback.processor_id_external} />,
        },
        { label: f('payment_profile'), value: populated<Named>(chargeback.payment_profile)?.name },
      ]}
    />
  );
};

/** A chargeback's detail panel: Details and Transaction details (payments.md §2). */
export const ChargebackDetail = ({ id, onClose }: { id: string; onClose: () => void }) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const scope = useOrganisationScope(pathname);
  const { data: chargeback, isPending, error } = useChargeback(id, scope);
  const tx = chargeback ? populated<ChargebackTransaction>(chargeback.transaction) : null;
  return (
    <DetailPanel
      open
      onClose={onClose}
      loading={isPending && !error}
      notFound={Boolean(error)}
      title={t('chargebacks.detailTitle', { reference: tx?.merchant_reference ?? id })}
      tabs={
        chargeback
          ? [
              { key: 'details', label: t('chargebacks.tabs.details'), children: <Details chargeback={chargeback} /> },
              { key: 'dispute', label: t('chargebacks.tabs.dispute'), children: <DisputeTab id={id} scope={scope} /> },
              {
                key: 'transaction',
                label: t('chargebacks.tabs.transaction'),
                children: <TransactionSummary tx={tx} />,
              },
            ]
          : []
      }
    />
  );
};
