import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle } from '@/components/page-title.tsx';
import { useCheckout } from '../api/get-checkout.ts';
import { ChallengeForm } from '../components/challenge-form.tsx';
import { CheckoutFrame } from '../components/checkout-frame.tsx';
import { CheckoutOutcome } from '../components/checkout-outcome.tsx';
import { CheckoutSummary } from '../components/checkout-summary.tsx';
import { HostedPageState } from '../components/hosted-page-state.tsx';

/**
 * `/checkout/{token}`: the hosted checkout page a payment is sent to when a 3-D Secure ruleset
 * asks for a challenge. Public (the token is the only key), in the merchant's checkout design,
 * in Dutch or English, without any of the back office around it.
 */
export const CheckoutPage = () => {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const checkout = useCheckout(token);
  useEffect(() => {
    document.title = t('checkout.challenge.title');
  }, [t]);

  if (!checkout.data) return <HostedPageState pending={checkout.isPending} error={checkout.error} />;
  const page = checkout.data;
  return (
    <CheckoutFrame design={page.design} shop={page.merchant_name}>
      <PageTitle size="card">
        <SafetyCertificateOutlined aria-hidden style={{ marginRight: 8 }} />
        {t('checkout.challenge.title')}
      </PageTitle>
      <CheckoutSummary page={page} />
      {page.state === 'open' ? <ChallengeForm token={token} page={page} /> : <CheckoutOutcome page={page} />}
    </CheckoutFrame>
  );
};
