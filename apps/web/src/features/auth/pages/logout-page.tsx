import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** /logout: shown after an automatic sign-out (portal.md §2.1). */
export const LogoutPage = () => {
  const { t } = useTranslation();
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Result
        status="info"
        title={t('auth.logout.title')}
        subTitle={t('auth.logout.message')}
        extra={<Link to="/login"><Button type="primary">{t('auth.logout.loginAgain')}</Button></Link>}
      />
    </main>
  );
};
