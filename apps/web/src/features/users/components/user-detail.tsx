import { hasAccess, access } from '@kassa/domain';
import { Alert, Button, Popconfirm, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/components/date-time.tsx';
import { DetailFields, DetailPanel } from '@/components/detail-panel.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useMe } from '@/lib/session.ts';
import { useUser } from '../api/get-user.ts';
import { organisationOf, type UserSide } from '../api/types.ts';
import { useUserAction, type UserAction } from '../api/user-action.ts';
import { roleLabel } from '../roles.ts';
import { UserForm } from './user-form.tsx';

/** A user's details with edit, disable or enable, reset MFA and resend the welcome mail. */
export const UserDetail = ({ side, id, onClose }: { side: UserSide; id: string; onClose: () => void }) => {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const user = useUser(side, id);
  const action = useUserAction(side);
  const [editing, setEditing] = useState(false);
  const [done, setDone] = useState<UserAction | null>(null);
  const row = user.data;
  const canUpdate = hasAccess(me?.roles ?? [], side === 'psp' ? access.pspUser.update : access.platformUser.update);
  const run = (name: UserAction) => action.mutate({ id, action: name }, { onSuccess: () => setDone(name) });
  const confirm = (name: UserAction, danger = false) => (
    <Popconfirm
      key={name}
      title={t(`users.confirm.${name}`)}
      onConfirm={() => run(name)}
      okText={t('users.yes')}
      cancelText={t('profile.cancel')}
    >
      <Button danger={danger} loading={action.isPending && action.variables?.action === name}>
        {t(`users.actions.${name}`)}
      </Button>
    </Popconfirm>
  );

  return (
    <>
      <DetailPanel
        title={row?.name ?? ''}
        open
        loading={user.isPending}
        notFound={user.error instanceof ApiError && user.error.status === 404}
        onClose={onClose}
        tabs={[
          {
            key: 'details',
            label: t('users.details'),
            children: row && (
              <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
                {done && <Alert type="success" showIcon title={t(`users.done.${done}`)} />}
                {action.error && (
                  <Alert
                    type="error"
                    showIcon
                    title={t(`errors.${action.error instanceof ApiError ? action.error.code : 'unknown'}`, {
                      defaultValue: action.error.message,
                    })}
                  />
                )}
                {canUpdate && row.id !== me?.id && (
                  <Space wrap>
                    <Button type="primary" onClick={() => setEditing(true)}>
                      {t('users.edit')}
                    </Button>
                    {row.status === 'active' ? confirm('disable', true) : confirm('enable')}
                    {row.mfa && confirm('reset-mfa')}
                    {row.status === 'active' && confirm('resend-welcome')}
                  </Space>
                )}
                <DetailFields
                  fields={[
                    { label: t('fields:user.email'), value: row.email },
                    // An administrator's change waits for the new address's confirmation link.
                    ...(row.pending_email ? [{ label: t('fields:user.pending_email'), value: row.pending_email }] : []),
                    { label: t('fields:user.organisation'), value: organisationOf(row)?.name },
                    {
                      label: t('fields:user.status'),
                      value: (
                        <Tag color={row.status === 'active' ? 'success' : 'default'}>
                          {t(`users.status.${row.status}`)}
                        </Tag>
                      ),
                    },
                    { label: t('fields:user.mfa'), value: row.mfa ? t(`mfa.types.${row.mfa}`) : t('users.mfaOff') },
                    {
                      label: t('fields:user.language'),
                      value: t(`header.languages.${row.language}`, { defaultValue: row.language }),
                    },
                    {
                      label: t('fields:user.roles'),
                      value: row.roles.map((role) => (
                        <Tag key={role} title={role}>
                          {roleLabel(t, role)} <small>{role}</small>
                        </Tag>
                      )),
                    },
                    {
                      label: t('fields:user.last_login_at'),
                      value: <DateTime value={row.last_login_at as string | null} />,
                    },
                    { label: t('fields:user.created_at'), value: <DateTime value={row.created_at as string} /> },
                  ]}
                />
              </Space>
            ),
          },
        ]}
      />
      <UserForm side={side} user={row ?? null} open={editing} onClose={() => setEditing(false)} />
    </>
  );
};
