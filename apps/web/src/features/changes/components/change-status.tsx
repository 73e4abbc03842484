import { Tag } from 'antd';
import type { TChangeRequestRow } from '@kassa/domain';
import { useTranslation } from 'react-i18next';

/** The theme's status colours where one fits (readable text: 'gold' failed WCAG contrast). */
const colours: Record<string, string> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
  expired: 'default',
  withdrawn: 'default',
  emergency: 'volcano',
};

/** The state of a request; an emergency change past its 24 hours is marked overdue. */
export const ChangeStatus = ({ row }: { row: Pick<TChangeRequestRow, 'status' | 'overdue' | 'emergency'> }) => {
  const { t } = useTranslation();
  return (
    <>
      <Tag color={colours[row.status]}>{t(`changes.statuses.${row.status}`)}</Tag>
      {row.emergency && row.status !== 'emergency' && <Tag color="volcano">{t('changes.statuses.emergency')}</Tag>}
      {row.overdue && <Tag color="red">{t('changes.overdue')}</Tag>}
    </>
  );
};
