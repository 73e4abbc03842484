import type { TShareStatus } from '@kassa/domain';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<TShareStatus, string> = {
  requested: 'processing',
  shared: 'success',
  revoked: 'warning',
  cancelled: 'default',
};

export const ShareStatus = ({ status }: { status: TShareStatus }) => {
  const { t } = useTranslation();
  return <Tag color={COLOURS[status]}>{t(`shareCredentials.statuses.${status}`)}</Tag>;
};
