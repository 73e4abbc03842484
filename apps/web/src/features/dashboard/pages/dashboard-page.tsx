import { access } from '@kassa/domain';
import { Alert, Card, Col, Empty, Row, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { CurrencySelect } from '@/components/statistics/currency-select.tsx';
import { useChosenCurrency } from '@/components/statistics/get-statistics-currency.ts';
import { PageTitle } from '@/components/page-title.tsx';
import { useAppConfig } from '@/lib/app-config.ts';
import { isProvider, useCan } from '@/lib/authorisation.ts';
import { merchantContextOf, useOrganisationScope } from '@/lib/org-context.ts';
import { useMe } from '@/lib/session.ts';
import { Achievements } from '../components/achievements.tsx';
import { ChangesAlert } from '../components/changes-alert.tsx';
import { PayoutCard } from '../components/payout-card.tsx';
import { ProcessorRevenueCards } from '@/components/statistics/processor-revenue-cards.tsx';
import { RecentActivity } from '../components/recent-activity.tsx';
import { RevenueOverview } from '../components/revenue-overview.tsx';
import { TodayCard } from '../components/today-card.tsx';
import { TopMerchants } from '../components/top-merchants.tsx';

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
  const scope = useOrganisationScope(pathname);
  // Amounts are shown in one currency at a time (`currency_code`, default the merchant's own), never added across currencies.
  const [params, setParams] = useSearchParams();
  const showsContent = variant === 'psp' ? can(access.pspDashboard) : can(access.dashboard);
  const { currency, fallback } = useChosenCurrency(scope, params.get('currency_code'), showsContent);
  if (!me) return null;
  const base = merchantContextOf(pathname) ? pathname.replace(/\/$/, '') : '';
  const allTransactions =
    variant === 'psp'
      ? '/psp/transactions'
      : `${merchantContextOf(pathname) ? pathname.replace(/\/$/, '') : ''}/transactions`;
  const canSeeTransactions =
    variant === 'psp' ? can(access.pspTransaction.list) : can(['USER_ALL', 'TRANSACTION_ALL', 'TRANSACTION_LIST']);
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <div>
        <PageTitle style={{ marginBottom: 4 }}>
          {variant === 'psp' ? t('dashboard.pspTitle') : t('dashboard.title')}
        </PageTitle>
        <Typography.Text type="secondary">
          {t('dashboard.welcome', { name: me.name || me.email, email: me.email })}{' '}
          {t('dashboard.organisation', { organisation: me.organisation.name })}
        </Typography.Text>
      </div>
      {variant === 'psp' && <MfaWarning />}
      <ChangesAlert base={variant === 'psp' ? '' : base} />
      {showsContent && !currency ? null : showsContent && currency ? (
        <>
          <CurrencySelect
            value={currency}
            scope={scope}
            onChange={(code) => setParams(code === fallback ? {} : { currency_code: code }, { replace: true })}
          />
          {variant === 'merchant' && <TodayCard scope={scope} currency={currency} />}
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={10}>
              {variant === 'psp' ? (
                <TopMerchants currency={currency} />
              ) : can(access.settlement.list) ? (
                <PayoutCard scope={scope} />
              ) : null}
            </Col>
            <Col xs={24} lg={14}>
              <RecentActivity scope={scope} base={variant === 'psp' ? '/psp' : base} />
            </Col>
          </Row>
          {variant === 'merchant' && <Achievements scope={scope} currency={currency} />}
          <RevenueOverview scope={scope} currency={currency} />
          {can(access.statistics.processor) && <ProcessorRevenueCards scope={scope} currency={currency} />}
        </>
      ) : (
        <Card>
          <Empty description={t('dashboard.noContent')} />
        </Card>
      )}
      {canSeeTransactions && <Link to={allTransactions}>{t('dashboard.viewAllTransactions')}</Link>}
    </Space>
  );
};

/** `/`: the PSP variant for provider staff outside a merchant context, else the merchant one. */
export const DashboardPage = () => {
  const { data: me } = useMe();
  const { pathname } = useLocation();
  const psp =
    isProvider(me) &&
    !merchantContextOf(pathname) &&
    Boolean(me?.roles.some((role) => role === 'PSP' || role === 'PSP_ALL'));
  return <DashboardShell variant={psp ? 'psp' : 'merchant'} />;
};

export const PspDashboardPage = () => <DashboardShell variant="psp" />;
