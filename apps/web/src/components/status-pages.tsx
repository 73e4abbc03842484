import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageTitle } from './page-title.tsx';

/** The honest placeholder of a screen that is not built yet; its route is still role-guarded. */
export const ComingSoonPage = ({ routeId }: { routeId: string }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = t(`nav.items.${routeId}`, { defaultValue: '' });
  return (
    <Result
      status="info"
      title={<PageTitle>{title ? `${title} · ${t('comingSoon.title')}` : t('comingSoon.title')}</PageTitle>}
      subTitle={t('comingSoon.text')}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('comingSoon.back')}
        </Button>
      }
    />
  );
};

/** A disabled optional module's route answers 'not available'. */
export const NotAvailablePage = () => {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={<PageTitle>{t('notAvailable.title')}</PageTitle>}
      subTitle={t('notAvailable.text')}
      extra={<Link to="/">{t('comingSoon.back')}</Link>}
    />
  );
};

export const NotFoundPage = () => {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={<PageTitle>{t('notFound.title')}</PageTitle>}
      subTitle={t('notFound.text')}
      extra={<Link to="/">{t('comingSoon.back')}</Link>}
    />
  );
};
