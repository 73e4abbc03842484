import { Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle } from '@/components/page-title.tsx';
import { useCardAddPage } from '../api/get-card-add-page.ts';
import { CardAddForm } from '../components/card-add-form.tsx';
import { CheckoutFrame } from '../components/checkout-frame.tsx';
import { CheckoutSummary } from '../components/checkout-summary.tsx';
import { HostedPageState } from '../components/hosted-page-state.tsx';

const ENDED = { added: 'success', expired: 'warning', inactive: 'warning' } as const;

/**
 * `/add-card/{token}`: the hosted page of a card-add link, in the merchant's checkout design, in
 * Dutch or English: the customer stores a (test) card, which the sandbox issuer verifies; nothing
 * is charged. Public: the token is the only key.
 */
export const CardAddPage = () => {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const link = useCardAddPage(token);
  useEffect(() => {
    document.title = t('checkout.addCard.heading');
  }, [t]);
  if (!link.data) return <HostedPageState pending={link.isPending} error={link.error} />;
  const page = link.data;
  return (
    <CheckoutFrame design={page.design} shop={page.merchant_name}>
      <PageTitle size="card">{t('checkout.addCard.heading')}</PageTitle>
      <CheckoutSummary page={page} />
      {page.state === 'open' ? (
        <>
          <p>{t('checkout.addCard.intro', { shop: page.merchant_name })}</p>
          <CardAddForm token={token} page={page} />
        </>
      ) : (
        <Result
          status={ENDED[page.state]}
          title={<h2 style={{ fontSize: 20, margin: 0 }}>{t(`checkout.addCard.${page.state}.title`)}</h2>}
          subTitle={t(`checkout.addCard.${page.state}.text`)}
          role="status"
        />
      )}
    </CheckoutFrame>
  );
};
