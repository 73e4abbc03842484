import {
  access,
  hasAccess,
  TERMINAL_MODELS,
  TERMINAL_STATUSES,
  ZTerminalCreate,
  type TTerminalCreate,
} from '@kassa/domain';
import { Button, Drawer, Form, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { CopyableId } from '@/components/copyable-id.tsx';
import { DateTime } from '@/components/date-time.tsx';
import { ServerErrorAlert } from '@/components/server-error-alert.tsx';
import { showServerError } from '@/lib/form-errors.ts';
import { organisationFor, useOrganisationScope } from '@/lib/org-context.ts';
import { useMe } from '@/lib/session.ts';
import { useProfileChoices, useSaveTerminal, useTerminal } from '../api/terminals.ts';

type Values = Omit<TTerminalCreate, 'organisation'>;
const FIELDS = ['name', 'serial_number', 'model', 'payment_profile', 'status', 'location'] as const;
const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);

/** Registers or edits a terminal; the serial number is checked with the server's own schema. */
export const TerminalDrawer = ({ id, onClose }: { id: string | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const scope = useOrganisationScope(pathname);
  const [form] = Form.useForm<Values>();
  const { data: me } = useMe();
  const terminal = useTerminal(id);
  const profiles = useProfileChoices(scope);
  const save = useSaveTerminal();
  const [failure, setFailure] = useState<string | null>(null);
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

  const serialRule = {
    validator: async (_: unknown, value: string) => {
      if (!value?.trim()) throw new Error(t('form_validation.required'));
      if (!ZTerminalCreate.shape.serial_number.safeParse(value).success) throw new Error(t('terminals.invalidSerial'));
    },
  };
  const onFinish = async (values: Values) => {
    setFailure(null);
    const organisation = id ? undefined : (organisationFor(pathname) ?? undefined);
    try {
      await save.mutateAsync({ id, body: id ? values : { ...values, organisation } });
      onClose();
    } catch (error) {
      setFailure(showServerError(form, t, error, FIELDS));
    }
  };
  const required = [{ required: true, whitespace: true, message: t('form_validation.required') }];
  return (
    <Drawer
      open
      onClose={onClose}
      title={terminal.data?.name ?? t('terminals.create')}
      size={520}
      destroyOnHidden
      closable={{ 'aria-label': t('detail.close') }}
      loading={Boolean(id) && terminal.isPending}
    >
      <ServerErrorAlert message={failure} />
      {terminal.data && (
        <p>
          <CopyableId value={terminal.data.id} /> · {t('fields:terminal.last_seen_at')}:{' '}
          <DateTime value={terminal.data.last_seen_at} />
        </p>
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void onFinish(values)}
        disabled={!canSave || save.isPending}
        initialValues={{ status: 'active', location: '' }}
      >
        <Form.Item label={f('name')} name="name" rules={required} extra={t('terminals.nameHint')}>
          <Input autoComplete="off" maxLength={100} />
        </Form.Item>
        <Form.Item label={f('serial_number')} name="serial_number" rules={[serialRule]} validateTrigger="onBlur">
          <Input autoComplete="off" spellCheck={false} />
        </Form.Item>
        <Form.Item label={f('model')} name="model" rules={required}>
          <Select options={TERMINAL_MODELS.map((value) => ({ value, label: value }))} />
        </Form.Item>
        <Form.Item label={f('payment_profile')} name="payment_profile" rules={required}>
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
        {canSave && (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('terminals.save')}
          </Button>
        )}
      </Form>
    </Drawer>
  );
};
