import { ZApiKeyCreate } from '@kassa/domain';
import { Alert, Form, Input, Modal, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangeNote, useNeedsApproval } from '@/components/change-note.tsx';
import { FormDrawer } from '@/components/form-drawer.tsx';
import { OrganisationPicker } from '@/components/organisation-picker.tsx';
import { grantableRolesFor } from '@/lib/roles.ts';
import { useEntityForm } from '@/lib/use-entity-form.ts';
import { useMe } from '@/lib/session.ts';
import { useCreateApiKey } from '../api/create-api-key.ts';
import type { CreatedApiKey } from '../api/types.ts';

type Values = { name: string; roles: string[]; organisation?: string };

/** Creates a key with roles the creator holds; the key is then shown once, to be copied. */
export const ApiKeyForm = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const create = useCreateApiKey();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [note, setNote] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const entity = useEntityForm({
    schema: ZApiKeyCreate,
    toBody: (values: Values) => ({ ...values, organisation: values.organisation || undefined }),
    // A note is asked for when the key waits for a second person.
    before: () => {
      setShowErrors(true);
      return !needsApproval || Boolean(note.trim());
    },
    save: (body) => create.mutateAsync({ body, note: needsApproval ? note : undefined }),
    onSaved: (key) => {
      setCreated(key);
      entity.form.resetFields();
      setNote('');
      setShowErrors(false);
      onClose();
    },
  });
  const { form } = entity;
  const organisation = Form.useWatch('organisation', form);
  const isProvider = me?.organisation.type === 'provider';
  // Under four eyes the key is shown at once and works once a second person approves it.
  const needsApproval = useNeedsApproval('apikey', organisation || me?.organisation.id);
  // Provider roles only for keys of the provider organisation itself.
  const roleOptions = useMemo(
    () =>
      grantableRolesFor(me?.roles ?? [], isProvider && (!organisation || organisation === me?.organisation.id)).map(
        (role) => ({ value: role, label: role }),
      ),
    [me, isProvider, organisation],
  );

  return (
    <>
      <FormDrawer
        open={open}
        title={t('apiKeys.create')}
        onClose={onClose}
        entity={entity}
        submitLabel={t(needsApproval ? 'changes.submit' : 'apiKeys.createSubmit')}
      >
        <Alert type="info" showIcon title={t('apiKeys.createHint')} style={{ marginBottom: 16 }} />
        <Form<Values> {...entity.formProps} requiredMark={false} disabled={entity.saving} initialValues={{ roles: [] }}>
          <Form.Item label={t('fields:apikey.name')} name="name">
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
          <Form.Item label={t('fields:apikey.roles')} name="roles" extra={t('apiKeys.rolesHint')}>
            <Select mode="multiple" options={roleOptions} optionFilterProp="label" />
          </Form.Item>
          <ChangeNote
            needed={needsApproval}
            note={note}
            onNote={setNote}
            showErrors={showErrors}
            help={t('apiKeys.needsApprovalHelp')}
          />
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
