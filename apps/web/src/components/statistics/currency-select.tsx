import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrencyCounts, useStatisticsCurrency } from './get-statistics-currency.ts';

/**
 * The one currency money statistics are shown in: amounts in different currencies are never added.
 * Lists the currencies with transactions in the range (`transaction/aggregate?group_by=currency_code`)
 * with the currencies of the merchant's payment profiles and always the current one.
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
  const { data = [] } = useCurrencyCounts(scope, range);
  const { data: own } = useStatisticsCurrency(scope);
  const currencies = [...new Set([value, ...(own?.currencies ?? []), ...data.map((row) => row.key)])]
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
