import { Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useOrganisationScope } from '@/lib/org-context.ts';
import { useClearable } from '@/lib/use-clearable.ts';
import { useFormat } from '@/lib/use-format.ts';
import { useRefundTransactionSearch } from './api/search-refund-transactions.ts';
import {
  notRefundableReason,
  REFUND_SEARCH_FIELDS,
  type RefundableTransaction,
  type RefundSearchField,
} from './api/types.ts';

/** payments.md §9: the refund transaction search waits 200 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 200;

const customerLabel = (customer: RefundableTransaction['customer']) =>
  customer && typeof customer === 'object'
    ? [customer.first_name, customer.last_name].filter(Boolean).join(' ') || customer.email_address || ''
    : '';

/**
 * Finds a transaction to refund by reference, id or customer (debounced, 25 results). Only
 * refundable ones can be chosen; the others stay listed, greyed, with the reason.
 */
export const TransactionPicker = ({
  value,
  onChange,
  id,
}: {
  value?: RefundableTransaction | null;
  onChange: (tx: RefundableTransaction | null) => void;
  id?: string;
}) => {
  const { t } = useTranslation();
  const format = useFormat();
  const clearable = useClearable();
  const { pathname } = useLocation();
  const scope = useOrganisationScope(pathname);
  const [searchBy, setSearchBy] = useState<RefundSearchField>('merchant_reference');
  const [draft, setDraft] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(draft.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft]);
  const { data = [], isFetching } = useRefundTransactionSearch(searchBy, term, scope);
  const rows = value && !data.some((row) => row.id === value.id) ? [value, ...data] : data;
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select<RefundSearchField>
        aria-label={t('refunds.add.searchBy')}
        value={searchBy}
        style={{ width: 170 }}
        options={REFUND_SEARCH_FIELDS.map((field) => ({ value: field, label: t(`refunds.add.searchFields.${field}`) }))}
        onChange={setSearchBy}
      />
      <Select<string>
        id={id}
        aria-label={t('refunds.add.transaction')}
        showSearch={{ filterOption: false, onSearch: setDraft }}
        allowClear={clearable}
        placeholder={t('refunds.add.searchPlaceholder')}
        value={value?.id}
        loading={isFetching}
        notFoundContent={term ? t('refunds.add.noMatches') : t('refunds.add.typeToSearch')}
        style={{ flex: 1, minWidth: 0 }}
        onChange={(next) => onChange(rows.find((row) => row.id === next) ?? null)}
        optionLabelProp="title"
        options={[...rows]
          .sort((a, b) => Number(Boolean(notRefundableReason(a))) - Number(Boolean(notRefundableReason(b))))
          .map((row) => {
            const blocked = notRefundableReason(row);
            const status = t(`statuses.transaction.${row.status}`, { defaultValue: row.status });
            return {
              value: row.id,
              disabled: Boolean(blocked),
              title: `${row.merchant_reference ?? row.id} · ${format.money(row.amount, row.currency_code)}`,
              label: (
                <Space orientation="vertical" size={0}>
                  <Typography.Text strong>{row.merchant_reference ?? row.id}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {[
                      format.dateTime(row.created_at),
                      format.money(row.amount, row.currency_code),
                      status,
                      customerLabel(row.customer),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography.Text>
                  {blocked && (
                    <Typography.Text type="warning" style={{ fontSize: 12 }}>
                      {t(`refunds.add.${blocked}`, { status })}
                    </Typography.Text>
                  )}
                </Space>
              ),
            };
          })}
      />
    </Space.Compact>
  );
};
