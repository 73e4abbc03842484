import { Alert, Button, Form, Input, Modal, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangeNote, useNeedsApproval } from '@/components/change-note.tsx';
import { FormDrawer } from '@/components/form-drawer.tsx';
import { OrganisationPicker } from '@/components/organisation-picker.tsx';
import { grantableRolesFor } from '@/lib/roles.ts';
import { useServerError } from '@/lib/use-server-error.ts';
import { useMe } from '@/lib/session.ts';
import { useCreateApiKey } from '../api/create-api-key.ts';
import type { CreatedApiKey } from '../api/types.ts';

type Values = { name: string; roles: string[]; organisation?: string };

/** Creates a key with roles the creator holds; the key is then shown once, to be copied. */
export const ApiKeyForm = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { data: me } = useMe();
  const create = useCreateApiKey();
  const serverError = useServerError(form);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const organisation = Form.useWatch('organisation', form);
  const isProvider = me?.organisation.type === 'provider';
  // Under four eyes the key is shown at once and works once a second person approves it.
  const needsApproval = useNeedsApproval('apikey', organisation || me?.organisation.id);
  const [note, setNote] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  // Provider roles only for keys of the provider organisation itself.
  const roleOptions = useMemo(
    () =>
      grantableRolesFor(me?.roles ?? [], isProvider && (!organisation || organisation === me?.organisation.id)).map(
        (role) => ({ value: role, label: role }),
      ),
    [me, isProvider, organisation],
  );

  const onFinish = (values: Values) => {
    setShowErrors(true);
    if (needsApproval && !note.trim()) return;
    create.mutate(
      { body: { ...values, organisation: values.organisation || undefined }, note: needsApproval ? note : undefined },
      {
        onSuccess: (key) => {
          setCreated(key);
          form.resetFields();
          setNote('');
          setShowErrors(false);
          onClose();
        },
        onError: serverError.show,
      },
    );
  };

  return (
    <>
      <FormDrawer open={open} title={t('apiKeys.create')} onClose={onClose} serverError={serverError.message}>
        <Alert type="info" showIcon title={t('apiKeys.createHint')} style={{ marginBottom: 16 }} />
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
          disabled={create.isPending}
          initialValues={{ roles: [] }}
        >
          <Form.Item
            label={t('fields:apikey.name')}
            name="name"
            rules={[{ required: true, whitespace: true, message: t('form_validation.required') }]}
          >
            <Input autoComplete="off" maxLength={100} />
          </Form.Item>
          {isProvider && (
            <Form.Item
              label={t('fields:apikey.organisation')}
              name="organisation"
              extra={t('apiKeys.organisationHint')}
            >
              <OrganisationPicker allowClear />
            </Form.Item>
          )}
          <Form.Item
            label={t('fields:apikey.roles')}
            name="roles"
            extra={t('apiKeys.rolesHint')}
            rules={[{ required: true, message: t('apiKeys.rolesRequired') }]}
          >
            <Select mode="multiple" options={roleOptions} optionFilterProp="label" />
          </Form.Item>
          <ChangeNote
            needed={needsApproval}
            note={note}
            onNote={setNote}
            showErrors={showErrors}
            help={t('apiKeys.needsApprovalHelp')}
          />
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            {t(needsApproval ? 'changes.submit' : 'apiKeys.createSubmit')}
          </Button>
        </Form>
      </FormDrawer>
      <Modal
        open={created !== null}
        title={t('apiKeys.createdTitle')}
        onOk={() => setCreated(null)}
        onCancel={() => setCreated(null)}
        okText={t('apiKeys.copiedDone')}
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        <Alert type="warning" showIcon title={t('apiKeys.shownOnce')} style={{ marginBottom: 16 }} />
        {created?.change_request && (
          <Alert
            type="info"
            showIcon
            role="status"
            title={t('apiKeys.waitsForApproval')}
            style={{ marginBottom: 16 }}
          />
        )}
        <Typography.Paragraph>
          <Typography.Text
            code
            copyable={{ text: created?.key, tooltips: [t('detail.copy'), t('detail.copied')] }}
            data-testid="new-api-key"
          >
            {created?.key}
          </Typography.Text>
        </Typography.Paragraph>
      </Modal>
    </>
  );
};
