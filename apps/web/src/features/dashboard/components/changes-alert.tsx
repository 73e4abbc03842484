import { access } from '@kassa/domain';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '@/lib/authorisation.ts';
import { useDecidableCount, useOverdueEmergencyCount } from '@/lib/change-requests.ts';

/**
 * Four eyes on the dashboard (issue 35): an emergency change past its 24 hours without an approval
 * after the fact is overdue and said first; otherwise the requests this person could decide.
 */
export const ChangesAlert = ({ base }: { base: string }) => {
  const { t } = useTranslation();
  const can = useCan();
  const allowed = can(access.changes.list);
  const overdue = useOverdueEmergencyCount(allowed).data?.count ?? 0;
  const decidable = useDecidableCount(allowed).data?.count ?? 0;
  if (!allowed || (overdue === 0 && decidable === 0)) return null;
  return (
    <Alert
      type={overdue > 0 ? 'error' : 'info'}
      showIcon
      title={
        overdue > 0
          ? t('dashboard.changesOverdue', { count: overdue })
          : t('dashboard.changesWaiting', { count: decidable })
      }
      action={<Link to={`${base}/changes`}>{t('dashboard.changesOpen')}</Link>}
    />
  );
};
