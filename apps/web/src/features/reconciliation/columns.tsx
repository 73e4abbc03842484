import { RECONCILIATION_EXCEPTION_KINDS, RECONCILIATION_EXCEPTION_STATES } from '@kassa/domain';
import { Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { DateTime } from '@/components/date-time.tsx';
import type { ListColumn } from '@/components/list-screen/columns.ts';
import { param, type ListParamsDef } from '@/components/list-screen/search-params.ts';
import { Money } from '@/components/money.tsx';
import type { ExceptionRow, SettlementFileRow } from './api/reconciliation.ts';

export const exceptionListParams: ListParamsDef = {
  filters: {
    'kind[]': param.anyOf(RECONCILIATION_EXCEPTION_KINDS),
    'state[]': param.anyOf(RECONCILIATION_EXCEPTION_STATES),
    processor_settlement: param.text(),
    settlement_file: param.text(),
    settlement: param.text(),
    acquirer_reference: param.text(),
  },
  sortable: ['created_at', 'age_days', 'amount_difference', 'kind', 'state'],
  defaultSort: '-created_at',
  searchBy: ['merchant_reference', 'acquirer_reference', 'item_id', 'id'],
  // The queue starts with what still needs someone.
  initial: () => ({ 'state[]': ['open', 'investigating', 'write_off_requested'] }),
};

/** A merchant's read-only list: the same filters but the provider's own (files, processor settlements); all states at first. */
export const merchantExceptionListParams: ListParamsDef = {
  filters: {
    'kind[]': param.anyOf(RECONCILIATION_EXCEPTION_KINDS),
    'state[]': param.anyOf(RECONCILIATION_EXCEPTION_STATES),
    settlement: param.text(),
  },
  sortable: exceptionListParams.sortable,
  defaultSort: '-created_at',
  searchBy: ['merchant_reference', 'item_id', 'id'],
};

/** The state as a plain tag: antd's preset colours miss WCAG AA contrast at tag size (axe). */
export const ExceptionState = ({ state, t }: { state: string; t: TFunction }) => (
  <Tag>{t(`reconciliation.states.${state}`)}</Tag>
);

/** The queue's columns; a merchant's omit the provider's own (owner, merchant, processor settlement) and show the payout. */
export const exceptionColumns = (t: TFunction, merchant = false): ListColumn<ExceptionRow>[] => {
  const f = (field: string) => t(`fields:reconciliationexception.${field}`);
  const providerOnly = new Set(['merchant', 'owner', 'processor_settlement']);
  const columns: ListColumn<ExceptionRow>[] = [
    {
      key: 'created_at',
      title: f('created_at'),
      sortField: 'created_at',
      exportFields: ['created_at'],
      render: (row) => <DateTime value={row.created_at} />,
    },
    {
      key: 'kind',
      title: f('kind'),
      sortField: 'kind',
      exportFields: ['kind'],
      render: (row) => <Typography.Text strong>{t(`reconciliation.kinds.${row.kind}`)}</Typography.Text>,
    },
    {
      key: 'state',
      title: f('state'),
      sortField: 'state',
      exportFields: ['state'],
      render: (row) => <ExceptionState state={row.state} t={t} />,
    },
    {
      key: 'merchant',
      title: f('merchant'),
      exportFields: ['merchant_name'],
      render: (row) => row.merchant_name ?? t('reconciliation.noMerchant'),
    },
    {
      key: 'merchant_reference',
      title: f('merchant_reference'),
      exportFields: ['merchant_reference'],
      render: (row) => row.merchant_reference,
    },
    {
      key: 'amount_difference',
      title: f('amount_difference'),
      align: 'right',
      sortField: 'amount_difference',
      exportFields: ['amount_difference', 'currency_code'],
      render: (row) => <Money amount={row.amount_difference} currency={row.currency_code} />,
    },
    {
      key: 'age_days',
      title: f('age_days'),
      align: 'right',
      sortField: 'age_days',
      exportFields: ['age_days'],
      render: (row) => t('reconciliation.days', { count: row.age_days }),
    },
    { key: 'owner', title: f('owner'), exportFields: ['owner_name'], render: (row) => row.owner_name },
    {
      key: 'processor_settlement',
      title: f('processor_settlement'),
      defaultHidden: true,
      exportFields: ['processor_settlement_name'],
      render: (row) => row.processor_settlement_name,
    },
    {
      key: 'settlement',
      title: f('settlement'),
      defaultHidden: !merchant,
      exportFields: ['settlement'],
      render: (row) => row.settlement ?? '—',
    },
  ];
  return merchant ? columns.filter((column) => !providerOnly.has(column.key)) : columns;
};

export const fileListParams: ListParamsDef = {
  filters: { processor_settlement: param.text(), settlement_update: param.text() },
  sortable: ['created_at', 'settlement_date', 'line_count', 'exception_count'],
  defaultSort: '-created_at',
  searchBy: ['file_name', 'batch_number', 'id'],
};

export const fileColumns = (t: TFunction): ListColumn<SettlementFileRow>[] => {
  const f = (field: string) => t(`fields:settlementfile.${field}`);
  return [
    {
      key: 'settlement_date',
      title: f('settlement_date'),
      sortField: 'settlement_date',
      exportFields: ['settlement_date'],
      render: (row) => row.settlement_date,
    },
    {
      key: 'file_name',
      title: f('file_name'),
      exportFields: ['file_name'],
      render: (row) => <Typography.Text strong>{row.file_name}</Typography.Text>,
    },
    {
      key: 'source',
      title: f('source'),
      exportFields: ['source'],
      render: (row) => t(`reconciliation.sources.${row.source}`),
    },
    {
      key: 'line_count',
      title: f('line_count'),
      align: 'right',
      sortField: 'line_count',
      exportFields: ['line_count'],
      render: (row) => row.line_count,
    },
    {
      key: 'matched_count',
      title: f('matched_count'),
      align: 'right',
      exportFields: ['matched_count'],
      render: (row) => row.matched_count,
    },
    {
      key: 'exception_count',
      title: f('exception_count'),
      align: 'right',
      sortField: 'exception_count',
      exportFields: ['exception_count'],
      render: (row) => row.exception_count,
    },
    {
      key: 'difference',
      title: f('difference'),
      align: 'right',
      exportFields: ['difference'],
      render: (row) => <Money amount={row.difference} currency={row.currency_code} />,
    },
    {
      key: 'created_at',
      title: f('created_at'),
      sortField: 'created_at',
      defaultHidden: true,
      exportFields: ['created_at'],
      render: (row) => <DateTime value={row.created_at} />,
    },
  ];
};
