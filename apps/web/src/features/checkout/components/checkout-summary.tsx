import type { TCheckoutPage } from '@kassa/domain';
import { useTranslation } from 'react-i18next';
import styles from '../pages/checkout-page.module.css';

type Summary = Pick<TCheckoutPage, 'merchant_name' | 'design'> & {
  /** None on a card-add link's page: nothing is paid there. */
  amount?: number;
  currency_code?: string;
  merchant_reference: string | null;
  card_brand?: string | null;
  card_last4?: string | null;
  description?: string | null;
};

/** The amount in the design's number format (checkout designs' `number_format`, default en_US). */
export const formatAmount = (page: Pick<TCheckoutPage, 'amount' | 'currency_code' | 'design'>) =>
  new Intl.NumberFormat(page.design.number_format.replace('_', '-'), {
    style: 'currency',
    currency: page.currency_code,
  }).format(page.amount / 100);

/** What the customer is paying (or, on a card-add page, storing a card for): shop, amount, reference and card; nothing else. */
export const CheckoutSummary = ({ page }: { page: Summary }) => {
  const { t } = useTranslation();
  return (
    <dl className={styles.summary}>
      <dt>{t('checkout.challenge.shop')}</dt>
      <dd>{page.merchant_name}</dd>
      {page.amount !== undefined && page.currency_code && (
        <>
          <dt>{t('checkout.challenge.amount')}</dt>
          <dd className={styles.amount}>
            {formatAmount({ amount: page.amount, currency_code: page.currency_code, design: page.design })}
          </dd>
        </>
      )}
      {page.merchant_reference && (
        <>
          <dt>{t('checkout.challenge.reference')}</dt>
          <dd>{page.merchant_reference}</dd>
        </>
      )}
      {page.description && (
        <>
          <dt>{t('checkout.pay.description')}</dt>
          <dd>{page.description}</dd>
        </>
      )}
      {page.card_last4 && (
        <>
          <dt>{t('checkout.challenge.card')}</dt>
          <dd>
            {page.card_brand
              ? `${t(`checkout.challenge.brands.${page.card_brand}`, { defaultValue: page.card_brand })} `
              : ''}
            •••• {page.card_last4}
          </dd>
        </>
      )}
    </dl>
  );
};
