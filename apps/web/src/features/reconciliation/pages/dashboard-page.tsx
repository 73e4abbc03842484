import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title.tsx';
import { ReconciliationDashboard } from '../components/reconciliation-dashboard.tsx';

/** psp/reconciliation/dashboard (issue 34 item 6): how well the acquirers' money matches, for provider finance. */
export const ReconciliationDashboardPage = () => {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('nav.items.pspReconciliationDashboard')}</PageTitle>
      <Typography.Paragraph type="secondary">{t('reconciliation.dashboard.intro')}</Typography.Paragraph>
      <ReconciliationDashboard />
    </>
  );
};
