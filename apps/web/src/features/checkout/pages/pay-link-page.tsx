import { Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle } from '@/components/page-title.tsx';
import { usePaymentLinkPage } from '../api/get-payment-link-page.ts';
import { CheckoutFrame } from '../components/checkout-frame.tsx';
import { CheckoutSummary, formatAmount } from '../components/checkout-summary.tsx';
import { HostedPageState } from '../components/hosted-page-state.tsx';
import { PayLinkForm } from '../components/pay-link-form.tsx';

const ENDED = {
  processing: 'info',
  paid: 'success',
  expired: 'warning',
  inactive: 'warning',
  blocked: 'error',
} as const;

/**
 * `/pay/{token}`: the hosted checkout page of a payment link, in the merchant's checkout design,
 * in Dutch or English: pay with a (test) card; a 3-D Secure ruleset sends the customer on to the
 * challenge page. Public: the token is the only key.
 */
export const PayLinkPage = () => {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const link = usePaymentLinkPage(token);
  useEffect(() => {
    document.title = t('checkout.pay.heading');
  }, [t]);
  if (!link.data) return <HostedPageState pending={link.isPending} error={link.error} />;
  const page = link.data;
  const amount = formatAmount(page);
  return (
    <CheckoutFrame design={page.design} shop={page.merchant_name}>
      <PageTitle size="card">{t('checkout.pay.heading')}</PageTitle>
      <CheckoutSummary page={page} />
      {page.state === 'open' ? (
        <PayLinkForm token={token} page={page} amount={amount} />
      ) : (
        <Result
          status={ENDED[page.state]}
          title={<h2 style={{ fontSize: 20, margin: 0 }}>{t(`checkout.pay.${page.state}.title`)}</h2>}
          subTitle={t(`checkout.pay.${page.state}.text`)}
          role="status"
        />
      )}
    </CheckoutFrame>
  );
};
