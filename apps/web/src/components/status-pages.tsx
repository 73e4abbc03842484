import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The honest placeholder of a screen that is not built yet; its route is still role-guarded. */
export const ComingSoonPage = ({ routeId }: { routeId: string }) => {
  const { t } = useTranslation();
  const title = t(`nav.items.${routeId}`, { defaultValue: '' });
  return (
    <Result
      status="info"
      title={title ? `${title} · ${t('comingSoon.title')}` : t('comingSoon.title')}
      subTitle={t('comingSoon.text')}
      extra={<Link to="/"><Button type="primary">{t('comingSoon.back')}</Button></Link>}
    />
  );
};

/** A disabled optional module's route answers 'not available'. */
export const NotAvailablePage = () => {
  const { t } = useTranslation();
  return <Result status="warning" title={t('notAvailable.title')} subTitle={t('notAvailable.text')} extra={<Link to="/">{t('comingSoon.back')}</Link>} />;
};

export const NotFoundPage = () => {
  const { t } = useTranslation();
  return <Result status="404" title={t('notFound.title')} subTitle={t('notFound.text')} extra={<Link to="/">{t('comingSoon.back')}</Link>} />;
};
