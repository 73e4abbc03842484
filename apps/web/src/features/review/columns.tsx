import { Space, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { DateTime } from '@/components/date-time.tsx';
import type { ListColumn } from '@/components/list-screen/columns.ts';
import { Money } from '@/components/money.tsx';
import { StatusTag } from '@/components/status-tag.tsx';
import { populated, type ReviewRow, type ReviewTransaction } from './api/types.ts';
import { MatchedRules } from './components/matched-rules.tsx';
import { SlaTimer } from './components/sla-timer.tsx';

const tx = (row: ReviewRow) => populated<ReviewTransaction>(row.transaction);

/** Card country against the shopper's country; a difference is marked. */
export const Countries = ({ row }: { row: Pick<ReviewRow, 'card_country' | 'ip_country'> }) => {
  const differs = row.card_country && row.ip_country && row.card_country !== row.ip_country;
  return (
    <Space size={4}>
      <Tag color={differs ? 'error' : 'default'}>{row.card_country ?? '–'}</Tag>
      <span aria-hidden>/</span>
      <Tag color={differs ? 'error' : 'default'}>{row.ip_country ?? '–'}</Tag>
    </Space>
  );
};

/** The review queue's columns (issue 36). */
export const reviewColumns = (t: TFunction): ListColumn<ReviewRow>[] => [
  {
    key: 'created_at',
    title: t('fields:review.created_at'),
    sortField: 'created_at',
    exportFields: ['created_at'],
    render: (row) => <DateTime value={row.created_at} />,
  },
  {
    key: 'reference',
    title: t('fields:review.reference'),
    exportFields: ['transaction.merchant_reference'],
    render: (row) => tx(row)?.merchant_reference,
  },
  {
    key: 'amount',
    title: t('fields:review.amount'),
    sortField: 'amount',
    align: 'right',
    exportFields: ['amount', 'currency_code'],
    render: (row) => <Money amount={row.amount} currency={row.currency_code} />,
  },
  {
    key: 'rules',
    title: t('fields:review.rules'),
    render: (row) => <MatchedRules rules={row.rules} />,
  },
  {
    key: 'countries',
    title: t('fields:review.countries'),
    exportFields: ['card_country', 'ip_country'],
    render: (row) => <Countries row={row} />,
  },
  {
    key: 'assigned_to',
    title: t('fields:review.assigned_to'),
    exportFields: ['assigned_to_name'],
    render: (row) =>
      row.assigned_to_name ?? <Typography.Text type="secondary">{t('review.unassigned')}</Typography.Text>,
  },
  {
    key: 'sla_due_at',
    title: t('fields:review.sla_due_at'),
    sortField: 'sla_due_at',
    exportFields: ['sla_due_at'],
    render: (row) => <SlaTimer due={row.sla_due_at} decided={row.status !== 'PENDING'} />,
  },
  {
    key: 'status',
    title: t('fields:review.status'),
    sortField: 'status',
    exportFields: ['status'],
    render: (row) => <StatusTag vocabulary="review" status={row.status} />,
  },
];
