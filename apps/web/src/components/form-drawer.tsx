import { Drawer } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from './server-error-alert.tsx';

/**
 * The drawer a configuration form opens in (a new or an existing item): its title, a close button
 * with a name, a skeleton while the item loads, and above the form the part of a refused save
 * that names no field (`useServerError`'s message).
 */
export const FormDrawer = ({
  open = true,
  title,
  onClose,
  loading = false,
  serverError,
  size = 520,
  children,
}: {
  open?: boolean;
  title: ReactNode;
  onClose: () => void;
  loading?: boolean;
  serverError: string | null;
  size?: number;
  children: ReactNode;
}) => {
  const { t } = useTranslation();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={title}
      size={size}
      destroyOnHidden
      closable={{ 'aria-label': t('detail.close') }}
      loading={loading}
    >
      <ServerErrorAlert message={serverError} />
      {children}
    </Drawer>
  );
};
