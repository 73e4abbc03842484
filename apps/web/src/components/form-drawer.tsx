import { Button, Drawer, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from './server-error-alert.tsx';

/** What the drawer needs of `useEntityForm`: its refusal message, whether it saves, how to submit. */
type EntityState = { message: string | null; saving: boolean; submit: () => Promise<void> };

/** Cancel and the submit of a form drawer: the submit is disabled (and spins) while the save runs. */
export const FormActions = ({
  entity,
  onClose,
  submitLabel,
  submitDisabled = false,
  actions,
}: {
  entity: EntityState;
  onClose: () => void;
  submitLabel?: ReactNode;
  submitDisabled?: boolean;
  actions?: ReactNode;
}) => {
  const { t } = useTranslation();
  return (
    <Space>
      {actions}
      <Button onClick={onClose}>{t('common.cancel')}</Button>
      <Button
        type="primary"
        disabled={entity.saving || submitDisabled}
        loading={entity.saving}
        onClick={() => void entity.submit()}
      >
        {submitLabel ?? t('common.save')}
      </Button>
    </Space>
  );
};

/**
 * The drawer every create/edit form opens in (a new or an existing item): its title, a close button
 * with a name, a skeleton while the item loads, above the form the part of a refused save that names
 * no field, and — given the form's `entity` (`useEntityForm`) — Cancel and a submit that is disabled
 * while the save runs.
 */
export const FormDrawer = ({
  open = true,
  title,
  onClose,
  loading = false,
  entity,
  serverError = entity?.message ?? null,
  submitLabel,
  submitDisabled,
  actions,
  size = 520,
  children,
}: {
  open?: boolean;
  title: ReactNode;
  onClose: () => void;
  loading?: boolean;
  entity?: EntityState;
  serverError?: string | null;
  /** The submit's label (default "Save"); a form under four eyes says "Submit for approval". */
  submitLabel?: ReactNode;
  /** The submit stays disabled (a change already waiting for approval). */
  submitDisabled?: boolean;
  /** More buttons beside Cancel and the submit (Delete). */
  actions?: ReactNode;
  size?: number;
  children: ReactNode;
}) => (
  <DetailDrawer
    open={open}
    onClose={onClose}
    title={title}
    size={size}
    loading={loading}
    extra={
      entity && (
        <FormActions
          entity={entity}
          onClose={onClose}
          submitLabel={submitLabel}
          submitDisabled={submitDisabled}
          actions={actions}
        />
      )
    }
  >
    <ServerErrorAlert message={serverError} />
    {children}
  </DetailDrawer>
);

/**
 * The drawer of a panel that is no form (a detail, a history): title, a named close button. Features
 * open drawers through this or `FormDrawer`, never antd's `Drawer` itself (lint).
 */
export const DetailDrawer = ({
  open = true,
  title,
  onClose,
  size = 640,
  loading = false,
  extra,
  children,
}: {
  open?: boolean;
  title: ReactNode;
  onClose: () => void;
  size?: number;
  loading?: boolean;
  extra?: ReactNode;
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
      loading={loading}
      extra={extra}
      closable={{ 'aria-label': t('detail.close') }}
    >
      {children}
    </Drawer>
  );
};
