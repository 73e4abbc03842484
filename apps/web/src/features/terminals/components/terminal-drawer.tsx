import {
  access,
  hasAccess,
  TERMINAL_MODELS,
  TERMINAL_STATUSES,
  ZTerminalCreate,
  ZTerminalUpdate,
  type TTerminalCreate,
} from '@kassa/domain';
import { Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { CopyableId } from '@/components/copyable-id.tsx';
import { DateTime } from '@/components/date-time.tsx';
import { FormDrawer } from '@/components/form-drawer.tsx';
import { organisationFor, useOrganisationScope } from '@/lib/org-context.ts';
import { useMe } from '@/lib/session.ts';
import { useEntityForm } from '@/lib/use-entity-form.ts';
import { useProfileChoices, useSaveTerminal, useTerminal } from '../api/terminals.ts';

type Values = Omit<TTerminalCreate, 'organisation'>;
const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);

/** Registers or edits a terminal; the serial number is checked with the server's own schema. */
export const TerminalDrawer = ({ id, onClose }: { id: string | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const scope = useOrganisationScope(pathname);
  const { data: me } = useMe();
  const terminal = useTerminal(id);
  const profiles = useProfileChoices(scope);
  const save = useSaveTerminal();
  const organisation = id ? undefined : (organisationFor(pathname) ?? undefined);
  const entity = useEntityForm({
    schema: id ? ZTerminalUpdate : ZTerminalCreate,
    // The form's store also holds the loaded row (id, last_seen_at): only the fields are sent.
    toBody: ({ name, serial_number, model, payment_profile, status, location }: Values) => ({
      ...{ name, serial_number, model, payment_profile, status, location },
      ...(id ? {} : { organisation }),
    }),
    save: (body) => save.mutateAsync({ id, body }),
    onSaved: onClose,
  });
  const { form } = entity;
  const canSave = hasAccess(me?.roles ?? [], id ? access.terminal.update : access.terminal.create);
  const f = (field: string) => t(`fields:terminal.${field}`);

  useEffect(() => {
    form.resetFields();
    if (terminal.data)
      form.setFieldsValue({
        ...terminal.data,
        model: terminal.data.model as Values['model'],
        payment_profile: idOf(terminal.data.payment_profile),
        location: terminal.data.location ?? '',
      });
  }, [form, terminal.data]);

  return (
    <FormDrawer
      onClose={onClose}
      title={terminal.data?.name ?? t('terminals.create')}
      loading={Boolean(id) && terminal.isPending}
      entity={canSave ? entity : undefined}
      submitLabel={t('terminals.save')}
    >
      {terminal.data && (
        <p>
          <CopyableId value={terminal.data.id} /> · {t('fields:terminal.last_seen_at')}:{' '}
          <DateTime value={terminal.data.last_seen_at} />
        </p>
      )}
      <Form<Values> {...entity.formProps} disabled={!canSave} initialValues={{ status: 'active', location: '' }}>
        <Form.Item label={f('name')} name="name" required extra={t('terminals.nameHint')}>
          <Input autoComplete="off" maxLength={100} />
        </Form.Item>
        <Form.Item label={f('serial_number')} name="serial_number" required extra={t('terminals.invalidSerial')}>
          <Input autoComplete="off" spellCheck={false} />
        </Form.Item>
        <Form.Item label={f('model')} name="model" required>
          <Select options={TERMINAL_MODELS.map((value) => ({ value, label: value }))} />
        </Form.Item>
        <Form.Item label={f('payment_profile')} name="payment_profile" required>
          <Select
            loading={profiles.isPending}
            showSearch={{ optionFilterProp: 'label' }}
            options={(profiles.data ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.currency_code})` }))}
          />
        </Form.Item>
        <Form.Item label={f('status')} name="status">
          <Select options={TERMINAL_STATUSES.map((value) => ({ value, label: t(`terminals.statuses.${value}`) }))} />
        </Form.Item>
        <Form.Item label={f('location')} name="location">
          <Input autoComplete="off" maxLength={200} />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
};
