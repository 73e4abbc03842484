import { isAdministrativeRole, ZUserCreateBody, ZUserUpdateBody } from '@kassa/domain';
import { Alert, Form, Input, Select, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangeNote, useNeedsApproval } from '@/components/change-note.tsx';
import { FormDrawer } from '@/components/form-drawer.tsx';
import { isWaitingForApproval } from '@/lib/change-requests.ts';
import { LANGUAGES, resolveLanguage } from '@/lib/languages.ts';
import { useMe } from '@/lib/session.ts';
import { useEntityForm } from '@/lib/use-entity-form.ts';
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
  const clearable = useClearable();
  const { data: me } = useMe();
  const save = useSaveUser(side);
  const [note, setNote] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const [waiting, setWaiting] = useState<string | null>(null);
  const entity = useEntityForm({
    schema: user ? ZUserUpdateBody : ZUserCreateBody,
    toBody: (values: Values) => ({ ...values, organisation: values.organisation || undefined }),
    // A note is asked for when an administrative role waits for a second person.
    before: (): boolean => {
      setShowErrors(true);
      return !needsApproval || Boolean(note.trim());
    },
    save: (body) => save.mutateAsync({ id: user?.id ?? null, body, note: needsApproval ? note : undefined }),
    onSaved: (answer) => (isWaitingForApproval(answer) ? setWaiting(answer.change_request) : onClose()),
  });
  const { form, clear: clearServerError } = entity;
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
  const roles: string[] = Form.useWatch('roles', form) ?? [];
  const chosenOrganisation: string | undefined = Form.useWatch('organisation', form);
  const policyCovers = useNeedsApproval(
    side === 'psp' ? 'psp/user' : 'user',
    chosenOrganisation || (user ? organisationOf(user)?.id : undefined) || me?.organisation.id,
  );
  const needsApproval: boolean =
    policyCovers && roles.some((role) => !(user?.roles ?? []).includes(role) && isAdministrativeRole(role));
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

  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      title={t(user ? 'users.edit' : 'users.create')}
      entity={entity}
      submitLabel={t(needsApproval ? 'changes.submit' : user ? 'users.save' : 'users.createSubmit')}
      submitDisabled={Boolean(waiting)}
    >
      {!user && <Alert type="info" showIcon title={t('users.welcomeHint')} style={{ marginBottom: 16 }} />}
      <Form<Values> {...entity.formProps} initialValues={{ language: 'nl', roles: [] }}>
        <Form.Item label={t('fields:user.email')} name="email" required>
          <Input autoComplete="off" inputMode="email" />
        </Form.Item>
        <Form.Item label={t('fields:user.name')} name="name" required>
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
            required={!user && orgOptions.length > 0}
            // Which organisation a new user needs depends on the choices this screen has, not on the schema.
            rules={[{ required: !user && orgOptions.length > 0, message: t('errors.required') }]}
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
      </Form>
    </FormDrawer>
  );
};
