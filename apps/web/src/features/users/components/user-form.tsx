import type { TUserCreateBody } from '@kassa/domain';
import { Alert, Button, Drawer, Form, Input, Select } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { LANGUAGES, resolveLanguage } from '../../../lib/languages.ts';
import { useMe } from '../../../lib/session.ts';
import { useOrganisationOptions } from '../api/get-organisation-options.ts';
import { useSaveUser } from '../api/save-user.ts';
import { organisationOf, type UserRow, type UserSide } from '../api/types.ts';
import { grantableRoles } from '../roles.ts';

type Values = { email: string; name: string; language: 'nl' | 'en-US'; organisation?: string; roles: string[] };

/** Creates a user (the server mails the welcome mail) or edits one; server errors land on their field. */
export const UserForm = ({ side, user, open, onClose }: { side: UserSide; user: UserRow | null; open: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { data: me } = useMe();
  const save = useSaveUser(side);
  const organisations = useOrganisationOptions();
  const grantable = useMemo(() => grantableRoles(me?.roles ?? [], side), [me, side]);
  // Roles the user holds that the actor could not grant stay, shown but locked.
  const roleOptions = useMemo(
    () => [...new Set([...grantable, ...(user?.roles ?? [])])].sort().map((role) => ({ value: role, label: role, disabled: !grantable.includes(role) })),
    [grantable, user],
  );
  const orgOptions = (organisations.data ?? []).filter((org) => (side === 'psp' ? org.type === 'provider' : org.type !== 'provider')).map((org) => ({ value: org.id, label: org.name }));

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (user) form.setFieldsValue({ email: user.email, name: user.name, language: resolveLanguage(user.language), organisation: organisationOf(user)?.id, roles: user.roles });
    // A merchant user's new colleague starts in the merchant's own organisation.
    else if (side === 'platform' && me && me.organisation.type !== 'provider') form.setFieldsValue({ organisation: me.organisation.id });
  }, [open, user, form, side, me]);

  const onFinish = (values: Values) =>
    save.mutate({ id: user?.id ?? null, body: { ...values, organisation: values.organisation || undefined } as TUserCreateBody }, {
      onSuccess: onClose,
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        form.setFields(error.details.filter((d) => d.path.startsWith('body.')).map((d) => ({ name: d.path.split('.')[1] as keyof Values, errors: [t(`errors.${error.code}`, { defaultValue: d.message })] })));
      },
    });
  const general = save.error instanceof ApiError && save.error.details.length === 0 ? save.error : null;

  return (
    <Drawer open={open} onClose={onClose} title={t(user ? 'users.edit' : 'users.create')} size={520} destroyOnHidden closable={{ 'aria-label': t('detail.close') }}>
      {!user && <Alert type="info" showIcon title={t('users.welcomeHint')} style={{ marginBottom: 16 }} />}
      {general && <Alert type="error" showIcon title={t(`errors.${general.code}`, { defaultValue: t('errors.unknown') })} style={{ marginBottom: 16 }} />}
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={onFinish} disabled={save.isPending} initialValues={{ language: 'nl', roles: [] }}>
        <Form.Item label={t('fields:user.email')} name="email" rules={[{ required: true, message: t('form_validation.required') }, { type: 'email', message: t('form_validation.email') }]}>
          <Input autoComplete="off" inputMode="email" />
        </Form.Item>
        <Form.Item label={t('fields:user.name')} name="name" rules={[{ required: true, whitespace: true, message: t('form_validation.required') }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('fields:user.language')} name="language">
          <Select options={LANGUAGES.map((language) => ({ value: language, label: t(`header.languages.${language}`) }))} />
        </Form.Item>
        {side === 'platform' && (
          <Form.Item label={t('fields:user.organisation')} name="organisation" rules={[{ required: !user && orgOptions.length > 0, message: t('form_validation.required') }]}>
            <Select showSearch optionFilterProp="label" options={orgOptions} loading={organisations.isPending} allowClear />
          </Form.Item>
        )}
        <Form.Item label={t('fields:user.roles')} name="roles" extra={t('users.rolesHint')}>
          <Select mode="multiple" options={roleOptions} optionFilterProp="label" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>{t(user ? 'users.save' : 'users.createSubmit')}</Button>
      </Form>
    </Drawer>
  );
};
