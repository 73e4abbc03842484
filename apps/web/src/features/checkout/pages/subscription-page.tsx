import type { TSubscriptionPage } from '@kassa/domain';
import { Alert } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle } from '@/components/page-title.tsx';
import { StatusTag } from '@/components/status-tag.tsx';
import { useSubscriptionPage } from '../api/get-subscription-page.ts';
import { CheckoutFrame } from '../components/checkout-frame.tsx';
import { formatAmount } from '../components/checkout-summary.tsx';
import { HostedPageState } from '../components/hosted-page-state.tsx';
import styles from './checkout-page.module.css';

const ENDED = new Set(['CANCELLED', 'COMPLETED', 'EXPIRED']);

/** A date in the reader's language (the page is public: no user settings). */
const useDate = () => {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' });
  return (iso: string | null) => (iso ? format.format(new Date(iso)) : null);
};

const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <>
    <dt>{label}</dt>
    <dd>{children}</dd>
  </>
);

const Details = ({ page }: { page: TSubscriptionPage }) => {
  const { t } = useTranslation();
  const date = useDate();
  const k = (key: string) => t(`checkout.subscription.${key}`);
  return (
    <dl className={styles.summary}>
      <Row label={t('checkout.challenge.shop')}>{page.merchant_name}</Row>
      <Row label={k('plan')}>{page.plan_name}</Row>
      {page.plan_description && <Row label={t('checkout.pay.description')}>{page.plan_description}</Row>}
      <Row label={t('checkout.challenge.amount')}>
        <span className={styles.amount}>{formatAmount(page)}</span>
      </Row>
      <Row label={k('interval')}>{t(`recurring.interval.${page.interval}`, { count: page.interval_count })}</Row>
      <Row label={k('status')}>
        <StatusTag vocabulary="subscription" status={page.status} />
      </Row>
      {page.next_charge_at && <Row label={k('nextCharge')}>{date(page.next_charge_at)}</Row>}
      <Row label={k('cycle')}>
        {page.max_billing_cycle
          ? t('checkout.subscription.cycleOf', { cycle: page.billing_cycle, max: page.max_billing_cycle })
          : page.billing_cycle}
      </Row>
      <Row label={k('started')}>{date(page.start_date)}</Row>
      {page.last_paid_date && <Row label={k('lastPaid')}>{date(page.last_paid_date)}</Row>}
      {page.cancelled_at && <Row label={k('cancelled')}>{date(page.cancelled_at)}</Row>}
    </dl>
  );
};

/**
 * `/subscribe/{token}`: the hosted page of a subscription (its `subscription_url`), in the
 * merchant's checkout design, in Dutch or English: what the customer signed up for and where it
 * stands. Public: the token is the only key; it shows nothing of any other subscription.
 */
export const SubscriptionPage = () => {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const subscription = useSubscriptionPage(token);
  useEffect(() => {
    document.title = t('checkout.subscription.heading');
  }, [t]);
  if (!subscription.data) return <HostedPageState pending={subscription.isPending} error={subscription.error} />;
  const page = subscription.data;
  return (
    <CheckoutFrame design={page.design} shop={page.merchant_name}>
      <PageTitle size="card">{t('checkout.subscription.heading')}</PageTitle>
      <Details page={page} />
      <Alert
        type={ENDED.has(page.status) ? 'warning' : page.status === 'PAST_DUE' ? 'error' : 'info'}
        showIcon
        role="status"
        title={t(`checkout.subscription.explain.${page.status}`, { shop: page.merchant_name })}
      />
    </CheckoutFrame>
  );
};
