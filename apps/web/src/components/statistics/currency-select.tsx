import { useQuery } from '@tanstack/react-query';
import { STATISTICS_DEFAULT_CURRENCY, type TGroupRow } from '@kassa/domain';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiGet } from '@/lib/api-client.ts';

/**
 * The one currency money statistics are shown in: amounts in different currencies are never added.
 * Lists the currencies with transactions in the range (`transaction/aggregate?group_by=currency_code`)
 * and always the current one.
 */
export const CurrencySelect = ({
  value,
  onChange,
  range,
  scope,
}: {
  value: string;
  onChange: (currency: string) => void;
  range?: { from: string; to: string };
  scope: string;
}) => {
  const { t } = useTranslation();
  const { data = [] } = useQuery({
    queryKey: ['statistics', 'currencies', scope, range],
    queryFn: ({ signal }) =>
      apiGet<TGroupRow[]>(
        'transaction/aggregate',
        { group_by: 'currency_code', ...(range ? { 'created_at>': range.from, 'created_at<': range.to } : {}) },
        signal,
      ),
  });
  const currencies = [...new Set([STATISTICS_DEFAULT_CURRENCY, value, ...data.map((row) => row.key)])]
    .filter(Boolean)
    .sort();
  return (
    <Select
      aria-label={t('statistics.currency')}
      data-testid="currency-select"
      value={value}
      style={{ minWidth: 110 }}
      options={currencies.map((code) => ({ value: code, label: t('statistics.amountsIn', { currency: code }) }))}
      onChange={onChange}
    />
  );
};
