import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import { DateTime } from '@/components/date-time.tsx';
import { EntityLink } from '@/components/entity-link.tsx';
import type { ListColumn } from '@/components/list-screen/columns.ts';
import { Money } from '@/components/money.tsx';
import { StatusTag } from '@/components/status-tag.tsx';
import { populated, type ChargebackRow, type ChargebackTransaction } from './api/types.ts';
import { ChargebackReason } from '@/components/chargeback-reason.tsx';

const tx = (row: ChargebackRow) => populated<ChargebackTransaction>(row.transaction);

/** The chargebacks list of payments.md §2: created_at, reference, payment type, amount, reason, status. */
export const chargebackColumns = (t: TFunction): ListColumn<ChargebackRow>[] => [
  {
    key: 'created_at',
    title: t('fields:chargeback.created_at'),
    sortField: 'created_at',
    exportFields: ['created_at'],
    render: (row) => <DateTime value={row.created_at} />,
  },
  {
    key: 'reference',
    title: t('fields:chargeback.reference'),
    exportFields: ['transaction.merchant_reference', 'transaction.id'],
    render: (row) => {
      const reference = tx(row)?.merchant_reference;
      return reference ? (
        <EntityLink to="transactions" filter={{ merchant_reference: reference }}>
          {reference}
        </EntityLink>
      ) : null;
    },
  },
  {
    key: 'payment_type',
    title: t('fields:chargeback.payment_type'),
    exportFields: ['transaction.payment_product_type'],
    render: (row) => {
      const product = tx(row)?.payment_product_type;
      return product ? t(`paymentProducts.${product}`, { defaultValue: product }) : null;
    },
  },
  {
    key: 'amount',
    title: t('fields:chargeback.amount'),
    sortField: 'amount',
    align: 'right',
    exportFields: ['amount', 'currency_code'],
    render: (row) => <Money amount={row.amount} currency={row.currency_code} />,
  },
  {
    key: 'reason',
    title: t('fields:chargeback.reason'),
    sortField: 'reason_code',
    exportFields: ['reason_code', 'reason'],
    render: (row) => <ChargebackReason code={row.reason_code} text={row.reason} />,
  },
  {
    key: 'status',
    title: t('fields:chargeback.status'),
    sortField: 'status',
    exportFields: ['status'],
    render: (row) => <StatusTag vocabulary="chargeback" status={row.status} />,
  },
  {
    key: 'processor',
    title: t('fields:chargeback.processor'),
    defaultHidden: true,
    exportFields: ['processor.name'],
    render: (row) => populated<{ id: string; name: string }>(row.processor)?.name,
  },
  {
    key: 'id',
    title: t('fields:chargeback.id'),
    defaultHidden: true,
    exportFields: ['id'],
    render: (row) => <Typography.Text code>{row.id}</Typography.Text>,
  },
];
