import type { TCheckoutPage } from '@kassa/domain';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

const APPROVED = ['AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED'];

type Outcome = { status: 'success' | 'error' | 'warning'; key: string };

/** How the challenge ended, as the customer needs to hear it. */
const outcomeOf = (page: TCheckoutPage): Outcome => {
  if (page.state === 'expired') return { status: 'warning', key: 'expired' };
  if (page.state === 'failed') return { status: 'error', key: 'failed' };
  // Authorised but held for review: not paid until the shop's reviewer decides.
  if (page.held) return { status: 'warning', key: 'held' };
  if (APPROVED.includes(page.transaction_status)) return { status: 'success', key: 'paid' };
  return { status: 'error', key: page.transaction_status === 'DECLINED' ? 'declined' : 'notPaid' };
};

/** The end of the page: paid, declined, verification failed or out of time, and the way back to the shop. */
export const CheckoutOutcome = ({ page }: { page: TCheckoutPage }) => {
  const { t } = useTranslation();
  const outcome = outcomeOf(page);
  return (
    <Result
      status={outcome.status}
      title={<h2 style={{ fontSize: 20, margin: 0 }}>{t(`checkout.outcome.${outcome.key}.title`)}</h2>}
      subTitle={t(`checkout.outcome.${outcome.key}.text`)}
      extra={
        page.return_url ? (
          <a href={page.return_url}>{t('checkout.outcome.back', { shop: page.merchant_name })}</a>
        ) : undefined
      }
      role="status"
    />
  );
};
