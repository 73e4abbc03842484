import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/components/date-time.tsx';
import { DetailFields } from '@/components/detail-panel.tsx';
import { EntityLink } from '@/components/entity-link.tsx';
import { Money } from '@/components/money.tsx';
import type { TTransaction } from '@kassa/domain';
import { StatusTag } from '@/components/status-tag.tsx';

/** The transaction a refund or chargeback panel shows (its populated `transaction`). */
export type TransactionSummaryRow = TTransaction;

/** The 'Transaction details' tab of refunds and chargebacks, linking to the transaction itself. */
export const TransactionSummary = ({ tx }: { tx: TransactionSummaryRow | null }) => {
  const { t } = useTranslation();
  if (!tx) return <Empty />;
  const f = (field: string) => t(`fields:transaction.${field}`);
  return (
    <DetailFields
      fields={[
        {
          label: f('id'),
          value: (
            <EntityLink to="transactions" filter={{ id: tx.id }} open>
              {tx.id}
            </EntityLink>
          ),
        },
        { label: f('merchant_reference'), value: tx.merchant_reference },
        { label: f('created_at'), value: <DateTime value={tx.created_at} style="long" /> },
        { label: f('amount'), value: <Money amount={tx.amount} currency={tx.currency_code} /> },
        { label: f('refunded_amount'), value: <Money amount={tx.refunded_amount} currency={tx.currency_code} /> },
        { label: f('status'), value: <StatusTag vocabulary="transaction" status={tx.status} /> },
        {
          label: f('payment_product_type'),
          value: t(`paymentProducts.${tx.payment_product_type}`, { defaultValue: tx.payment_product_type }),
        },
        {
          label: f('card'),
          value: tx.card_last4
            ? `${t(`cardBrands.${tx.card_brand}`, { defaultValue: tx.card_brand ?? '' })} •••• ${tx.card_last4}`
            : null,
        },
        {
          label: f('recurring_type'),
          value: tx.recurring_type && t(`recurringTypes.${tx.recurring_type}`, { defaultValue: tx.recurring_type }),
        },
        { label: f('country_code'), value: tx.country_code },
      ]}
    />
  );
};
