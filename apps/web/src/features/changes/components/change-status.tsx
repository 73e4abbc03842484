import { Tag } from 'antd';
import type { TChangeRequestRow } from '@kassa/domain';
import { useTranslation } from 'react-i18next';

/**
 * The theme's status colours where one fits. Readable text only: 'gold' (and 'volcano', 4.4:1 on its
 * own background) fail WCAG AA for a tag's small text; 'magenta' is 5.0:1, 'red' 5.1:1.
 */
const colours: Record<string, string> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
  expired: 'default',
  withdrawn: 'default',
  emergency: 'magenta',
};

/** The state of a request; an emergency change past its 24 hours is marked overdue. */
export const ChangeStatus = ({ row }: { row: Pick<TChangeRequestRow, 'status' | 'overdue' | 'emergency'> }) => {
  const { t } = useTranslation();
  return (
    <>
      <Tag color={colours[row.status]}>{t(`changes.statuses.${row.status}`)}</Tag>
      {row.emergency && row.status !== 'emergency' && (
        <Tag color={colours.emergency}>{t('changes.statuses.emergency')}</Tag>
      )}
      {row.overdue && <Tag color="red">{t('changes.overdue')}</Tag>}
    </>
  );
};
