import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrencyCounts } from '@/components/statistics/get-statistics-currency.ts';
import { useFormat } from '@/lib/use-format.ts';

/**
 * Counts follow the chosen currency: when it holds no transactions in the range but other
 * currencies do, say so instead of showing a silent zero.
 */
export const CurrencyHint = ({
  scope,
  currency,
  range,
}: {
  scope: string;
  currency: string;
  range: { from: string; to: string };
}) => {
  const { t } = useTranslation();
  const format = useFormat();
  const { data = [] } = useCurrencyCounts(scope, range);
  const mine = data.find((row) => row.key === currency)?.count ?? 0;
  const others = data.filter((row) => row.key !== currency);
  if (mine > 0 || others.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="currency-hint"
      style={{ marginBottom: 16 }}
      title={t('statistics.noneInCurrency', {
        currency,
        others: others.map((row) => `${row.key} (${format.number(row.count)})`).join(', '),
      })}
    />
  );
};
