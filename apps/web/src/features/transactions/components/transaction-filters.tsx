import { PAYMENT_PRODUCTS } from '@kassa/domain';
import { useTranslation } from 'react-i18next';
import { AmountRangeFilter } from '@/components/filters/amount-range-filter.tsx';
import { DateRangeFilter } from '@/components/filters/date-range-filter.tsx';
import type { FilterProps } from '@/components/filters/filter-props.ts';
import { SelectFilter } from '@/components/filters/select-filter.tsx';
import { TextFilter } from '@/components/filters/text-filter.tsx';
import { useStatusOptions } from '@/components/status-tag.tsx';

const CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'SEK', 'DKK', 'NOK', 'PLN'];

/** Filters of the transactions list: period, status, payment product, amount, currency, reference. */
export const TransactionFilters = (props: FilterProps) => {
  const { t } = useTranslation();
  const statuses = useStatusOptions('transaction');
  return (
    <>
      <DateRangeFilter {...props} field="created_at" />
      <SelectFilter {...props} field="status[]" label={t('fields:transaction.status')} options={statuses} width={220} />
      <SelectFilter
        {...props}
        field="payment_product_type[]"
        label={t('fields:transaction.payment_product_type')}
        options={PAYMENT_PRODUCTS.map((product) => ({ value: product, label: t(`paymentProducts.${product}`) }))}
      />
      <AmountRangeFilter {...props} />
      <SelectFilter
        {...props}
        field="currency_code"
        single
        label={t('fields:transaction.currency_code')}
        options={CURRENCIES.map((code) => ({ value: code, label: code }))}
        width={110}
      />
      <TextFilter {...props} field="merchant_reference" label={t('fields:transaction.merchant_reference')} />
    </>
  );
};
