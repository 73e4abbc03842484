import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/language-switch.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { ApiError } from '@/lib/api-client.ts';
import styles from '../pages/checkout-page.module.css';

/**
 * What a hosted page (challenge or payment link) shows before its data is there: a spinner while
 * it loads, and when it cannot be loaded 'not found' for an unknown token or 'unavailable' for any
 * other failure, with the language switch.
 */
export const HostedPageState = ({ pending, error }: { pending: boolean; error: unknown }) => {
  const { t } = useTranslation();
  if (pending) {
    return (
      <main className={styles.page}>
        <Spin size="large" aria-label={t('checkout.challenge.loading')} />
      </main>
    );
  }
  const gone = error instanceof ApiError && error.status === 404;
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <Result
          status="warning"
          title={
            <PageTitle size="card">{t(gone ? 'checkout.notFound.title' : 'checkout.challenge.unavailable')}</PageTitle>
          }
          subTitle={gone ? t('checkout.notFound.text') : undefined}
          extra={<LanguageSwitch />}
        />
      </div>
    </main>
  );
};
