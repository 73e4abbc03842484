import { ClockCircleOutlined } from '@ant-design/icons';
import { Card, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import styles from './checkout-unavailable-page.module.css';

/**
 * `/pay/{token}` and `/add-card/{token}`: the address a customer was sent. Until the hosted
 * checkout exists it says so plainly, in the customer's language, without any back-office
 * navigation, sign-in or 'page not found'.
 */
export const CheckoutUnavailablePage = () => {
  const { t } = useTranslation();
  const kind = useLocation().pathname.startsWith('/add-card') ? 'addCard' : 'pay';
  useEffect(() => {
    document.title = t(`checkout.${kind}.title`);
  }, [t, kind]);
  return (
    <main className={styles.page}>
      <Card className={styles.card}>
        <Result
          icon={<ClockCircleOutlined aria-hidden />}
          title={<h1 className={styles.title}>{t(`checkout.${kind}.title`)}</h1>}
          subTitle={
            <>
              <p>{t(`checkout.${kind}.text`)}</p>
              <p>{t('checkout.contact')}</p>
            </>
          }
        />
        <div className={styles.footer}>
          <LanguageSwitch />
        </div>
      </Card>
    </main>
  );
};
