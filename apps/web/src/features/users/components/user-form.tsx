import { isAdministrativeRole, type TUserCreateBody } from '@kassa/domain';
import { Alert, Button, Drawer, Form, Input, Select, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangeNote, useNeedsApproval } from '@/components/change-note.tsx';
import { ServerErrorAlert } from '@/components/server-error-alert.tsx';
import { isWaitingForApproval } from '@/lib/change-requests.ts';
import { LANGUAGES, resolveLanguage } from '@/lib/languages.ts';
import { emailRule } from '@/lib/email-rule.ts';
import { useMe } from '@/lib/session.ts';
import { useServerError } from '@/lib/use-server-error.ts';
import { useOrganisationOptions } from '../api/get-organisation-options.ts';
import { useSaveUser } from '../api/save-user.ts';
import { organisationOf, type UserRow, type UserSide } from '../api/types.ts';
import { grantableRoles, rankRole, roleLabel } from '../roles.ts';
import { useClearable } from '@/lib/use-clearable.ts';

type Values = { email: string; name: string; language: 'nl' | 'en-US'; organisation?: string; roles: string[] };

/** Creates a user (the server mails the welcome mail) or edits one; server errors land on their field. */
export const UserForm = ({
  side,
  user,
  open,
  onClose,
}: {
  side: UserSide;
  user: UserRow | null;
  open: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const clearable = useClearable();
  const { data: me } = useMe();
  const save = useSaveUser(side);
  const serverError = useServerError(form);
  const clearServerError = serverError.clear;
  const organisations = useOrganisationOptions();
  const grantable = useMemo(() => grantableRoles(me?.roles ?? [], side), [me, side]);
  // Roles the user holds that the actor could not grant stay, shown but locked.
  const roleOptions = useMemo(
    () =>
      [...new Set([...grantable, ...(user?.roles ?? [])])].sort().map((role) => ({
        value: role,
        label: roleLabel(t, role),
        search: `${role} ${roleLabel(t, role)}`,
        disabled: !grantable.includes(role),
      })),
    [grantable, user, t],
  );
  // Giving an administrative role waits for a second person when the policy covers users (issue 35).
  const roles = Form.useWatch('roles', form) ?? [];
  const chosenOrganisation = Form.useWatch('organisation', form);
  const policyCovers = useNeedsApproval(
    side === 'psp' ? 'psp/user' : 'user',
    chosenOrganisation || (user ? organisationOf(user)?.id : undefined) || me?.organisation.id,
  );
  const needsApproval =
    policyCovers && roles.some((role) => !(user?.roles ?? []).includes(role) && isAdministrativeRole(role));
  const [note, setNote] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const [waiting, setWaiting] = useState<string | null>(null);
  const orgOptions = (organisations.data ?? [])
    .filter((org) => (side === 'psp' ? org.type === 'provider' : org.type !== 'provider'))
    .map((org) => ({ value: org.id, label: org.name }));

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    clearServerError();
    setNote('');
    setShowErrors(false);
    setWaiting(null);
    if (user)
      form.setFieldsValue({
        email: user.email,
        name: user.name,
        language: resolveLanguage(user.language),
        organisation: organisationOf(user)?.id,
        roles: user.roles,
      });
    // A merchant user's new colleague starts in the merchant's own organisation.
    else if (side === 'platform' && me && me.organisation.type !== 'provider')
      form.setFieldsValue({ organisation: me.organisation.id });
  }, [open, user, form, side, me, clearServerError]);

  const onFinish = (values: Values) => {
    setShowErrors(true);
    if (needsApproval && !note.trim()) return;
    save.mutate(
      {
        id: user?.id ?? null,
        body: { ...values, organisation: values.organisation || undefined } as TUserCreateBody,
        note: needsApproval ? note : undefined,
      },
      {
        onSuccess: (answer) => (isWaitingForApproval(answer) ? setWaiting(answer.change_request) : onClose()),
        onError: serverError.show,
      },
    );
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t(user ? 'users.edit' : 'users.create')}
      size={520}
      destroyOnHidden
      closable={{ 'aria-label': t('detail.close') }}
    >
      {!user && <Alert type="info" showIcon title={t('users.welcomeHint')} style={{ marginBottom: 16 }} />}
      <ServerErrorAlert message={serverError.message} />
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        disabled={save.isPending}
        initialValues={{ language: 'nl', roles: [] }}
      >
        <Form.Item
          label={t('fields:user.email')}
          name="email"
          rules={[{ required: true, message: t('form_validation.required') }, emailRule(t('form_validation.email'))]}
        >
          <Input autoComplete="off" inputMode="email" />
        </Form.Item>
        <Form.Item
          label={t('fields:user.name')}
          name="name"
          rules={[{ required: true, whitespace: true, message: t('form_validation.required') }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('fields:user.language')} name="language">
          <Select
            options={LANGUAGES.map((language) => ({ value: language, label: t(`header.languages.${language}`) }))}
          />
        </Form.Item>
        {side === 'platform' && (
          <Form.Item
            label={t('fields:user.organisation')}
            name="organisation"
            rules={[{ required: !user && orgOptions.length > 0, message: t('form_validation.required') }]}
          >
            <Select
              showSearch
              optionFilterProp="label"
              options={orgOptions}
              loading={organisations.isPending}
              allowClear={clearable}
            />
          </Form.Item>
        )}
        <Form.Item label={t('fields:user.roles')} name="roles" extra={t('users.rolesHint')}>
          <Select
            mode="multiple"
            options={roleOptions}
            showSearch={{
              optionFilterProp: 'search',
              filterSort: (a, b, { searchValue }) =>
                rankRole(searchValue, a) - rankRole(searchValue, b) || a.value.localeCompare(b.value),
            }}
            optionRender={(option) => (
              <span>
                {option.data.label}{' '}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {option.data.value}
                </Typography.Text>
              </span>
            )}
          />
        </Form.Item>
        <ChangeNote
          needed={needsApproval}
          note={note}
          onNote={setNote}
          showErrors={showErrors}
          waiting={waiting}
          help={t('users.needsApprovalHelp')}
        />
        <Button type="primary" htmlType="submit" loading={save.isPending} disabled={Boolean(waiting)}>
          {t(needsApproval ? 'changes.submit' : user ? 'users.save' : 'users.createSubmit')}
        </Button>
      </Form>
    </Drawer>
  );
};
