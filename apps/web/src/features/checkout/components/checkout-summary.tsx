import type { TCheckoutPage } from '@kassa/domain';
import { useTranslation } from 'react-i18next';
import styles from '../pages/checkout-page.module.css';

type Summary = Pick<TCheckoutPage, 'amount' | 'currency_code' | 'merchant_name' | 'design'> & {
  merchant_reference: string | null;
  card_brand?: string | null;
  card_last4?: string | null;
  description?: string | null;
};

/** The amount in the design's number format (checkout designs' `number_format`, default en_US). */
export const formatAmount = (page: Pick<Summary, 'amount' | 'currency_code' | 'design'>) =>
  new Intl.NumberFormat(page.design.number_format.replace('_', '-'), { style: 'currency', currency: page.currency_code }).format(page.amount / 100);

/** What the customer is paying: shop, amount, reference and card; nothing else of the payment. */
export const CheckoutSummary = ({ page }: { page: Summary }) => {
  const { t } = useTranslation();
  return (
    <dl className={styles.summary}>
      <dt>{t('checkout.challenge.shop')}</dt>
      <dd>{page.merchant_name}</dd>
      <dt>{t('checkout.challenge.amount')}</dt>
      <dd className={styles.amount}>{formatAmount(page)}</dd>
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
            {page.card_brand ? `${t(`checkout.challenge.brands.${page.card_brand}`, { defaultValue: page.card_brand })} ` : ''}•••• {page.card_last4}
          </dd>
        </>
      )}
    </dl>
  );
};
