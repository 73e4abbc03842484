import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageTitle } from '@/components/page-title.tsx';
import { useAppConfig } from '@/lib/app-config.ts';

/** The idle limit in the largest whole unit: '30 minutes' in production, '10 hours' in development. */
const idleDuration = (seconds: number, t: (key: string, options: { count: number }) => string) => {
  if (seconds % 3600 === 0) return t('auth.logout.hours', { count: seconds / 3600 });
  if (seconds % 60 === 0) return t('auth.logout.minutes', { count: seconds / 60 });
  return t('auth.logout.seconds', { count: seconds });
};

/** /logout: shown after an automatic sign-out (portal.md §2.1), naming the configured idle limit. */
export const LogoutPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const idleSeconds = useAppConfig().data?.session_idle_seconds ?? 30 * 60;
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Result
        status="info"
        title={<PageTitle>{t('auth.logout.title')}</PageTitle>}
        subTitle={t('auth.logout.message', { duration: idleDuration(idleSeconds, t) })}
        extra={
          <Button type="primary" onClick={() => navigate('/login')}>
            {t('auth.logout.loginAgain')}
          </Button>
        }
      />
    </main>
  );
};
