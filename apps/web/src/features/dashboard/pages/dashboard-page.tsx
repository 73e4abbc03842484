import { access } from '@kassa/domain';
import { Alert, Card, Empty, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAppConfig } from '../../../lib/app-config.ts';
import { isProvider, useCan } from '../../../lib/authorisation.ts';
import { merchantContextOf } from '../../../lib/org-context.ts';
import { useMe } from '../../../lib/session.ts';

/** Provider staff without MFA are nudged to turn it on (portal.md §2.2), except in development. */
const MfaWarning = () => {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const { data: config } = useAppConfig();
  if (!me || !config || !isProvider(me) || config.development || me.mfa.enabled) return null;
  return (
    <Alert
      type="warning"
      showIcon
      title={t('dashboard.mfaWarning')}
      action={<Link to="./profile">{t('dashboard.mfaConfigure')}</Link>}
    />
  );
};

const DashboardShell = ({ variant }: { variant: 'psp' | 'merchant' }) => {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const can = useCan();
  const { pathname } = useLocation();
  if (!me) return null;
  const showsContent = variant === 'psp' ? can(access.pspDashboard) : can(access.dashboard);
  const allTransactions = variant === 'psp' ? '/psp/transactions' : `${merchantContextOf(pathname) ? pathname.replace(/\/$/, '') : ''}/transactions`;
  const canSeeTransactions = variant === 'psp' ? can(access.pspTransaction.list) : can(['USER_ALL', 'TRANSACTION_ALL', 'TRANSACTION_LIST']);
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <div>
        <Typography.Title level={2} style={{ marginBottom: 4 }}>
          {variant === 'psp' ? t('dashboard.pspTitle') : t('dashboard.title')}
        </Typography.Title>
        <Typography.Text type="secondary">
          {t('dashboard.welcome', { name: me.name || me.email, email: me.email })} {t('dashboard.organisation', { organisation: me.organisation.name })}
        </Typography.Text>
      </div>
      {variant === 'psp' && <MfaWarning />}
      <Card>
        {showsContent ? <Empty description={t('dashboard.cardsLater')} /> : <Empty description={t('dashboard.noContent')} />}
      </Card>
      {canSeeTransactions && <Link to={allTransactions}>{t('dashboard.viewAllTransactions')}</Link>}
    </Space>
  );
};

/** `/`: the PSP variant for provider staff outside a merchant context, else the merchant one. */
export const DashboardPage = () => {
  const { data: me } = useMe();
  const { pathname } = useLocation();
  const psp = isProvider(me) && !merchantContextOf(pathname) && Boolean(me?.roles.some((role) => role === 'PSP' || role === 'PSP_ALL'));
  return <DashboardShell variant={psp ? 'psp' : 'merchant'} />;
};

export const PspDashboardPage = () => <DashboardShell variant="psp" />;
