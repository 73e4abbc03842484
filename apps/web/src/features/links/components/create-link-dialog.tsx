import { LINK_DEFAULT_EXPIRY_DAYS, LINK_MAX_EXPIRY_DAYS } from '@kassa/domain';
import { Alert, DatePicker, Form, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { MoneyInput } from '@/components/money-input.tsx';
import { isUnread } from '@/components/number-input.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { newIdempotencyKey } from '@/lib/entity-api.ts';
import { datePattern } from '@/lib/format.ts';
import { useOrganisationScope } from '@/lib/org-context.ts';
import { useFormat } from '@/lib/use-format.ts';
import { useCreateLink } from '../api/create-link.ts';
import { usePaymentProfiles } from '../api/get-payment-profiles.ts';
import type { LinkKind, LinkRow } from '../api/types.ts';
import { CustomerSelect } from './customer-select.tsx';
import { translateDetail } from '@/lib/form-errors.ts';

type Values = {
  payment_profile?: string;
  amount?: number;
  customer?: string;
  description?: string;
  merchant_reference?: string;
  expires_at?: Dayjs;
};

const FIELDS = ['payment_profile', 'amount', 'customer', 'description', 'merchant_reference', 'expires_at'];

/** Creates a payment link (amount in the profile's currency) or a card-add link (for a customer). */
export const CreateLinkDialog = ({
  kind,
  onClose,
  onCreated,
}: {
  kind: LinkKind;
  onClose: () => void;
  onCreated: (link: LinkRow) => void;
}) => {
  const { t } = useTranslation();
  const format = useFormat();
  const { pathname } = useLocation();
  const [form] = Form.useForm<Values>();
  const profiles = usePaymentProfiles(useOrganisationScope(pathname));
  const create = useCreateLink(kind);
  const [error, setError] = useState<string | null>(null);
  const key = useRef<string | null>(null);
  const profileId = Form.useWatch('payment_profile', form);
  const currency = profiles.data?.find((profile) => profile.id === profileId)?.currency_code ?? 'EUR';
  const isPayment = kind === 'payment-link';
  const f = (field: string) => t(`fields:link.${field}`);

  const submit = async (values: Values) => {
    if (isPayment && isUnread(values.amount)) return;
    setError(null);
    key.current ??= newIdempotencyKey();
    const common = {
      payment_profile: values.payment_profile!,
      description: values.description?.trim() || null,
      merchant_reference: values.merchant_reference?.trim() || null,
      expires_at: values.expires_at ? values.expires_at.endOf('day').toISOString() : undefined,
    };
    try {
      const link = await create.mutateAsync(
        isPayment
          ? {
              kind,
              idempotencyKey: key.current,
              body: { ...common, amount: values.amount!, customer: values.customer || null },
            }
          : { kind, idempotencyKey: key.current, body: { ...common, customer: values.customer! } },
      );
      onCreated(link);
    } catch (failure) {
      if (!(failure instanceof ApiError)) return setError(t('errors.unknown'));
      const onFields = failure.details
        .map((detail) => ({ name: detail.path.replace(/^body\./, ''), errors: [translateDetail(t, detail)] }))
        .filter((field) => FIELDS.includes(field.name));
      if (onFields.length)
        form.setFields(onFields.map((field) => ({ name: field.name as keyof Values, errors: field.errors })));
      else setError(t(`errors.${failure.code}`, { defaultValue: failure.message }));
    }
  };

  return (
    <Modal
      open
      title={t(isPayment ? 'paymentLinks.create' : 'cardAddLinks.create')}
      okText={t('links.createSubmit')}
      cancelText={t('links.cancel')}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ expires_at: dayjs().add(LINK_DEFAULT_EXPIRY_DAYS, 'day') }}
        onValuesChange={() => (key.current = null)}
        onFinish={submit}
      >
        {/* A hidden submit button lets Enter in a field submit the dialog. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Form.Item
          name="payment_profile"
          label={f('payment_profile')}
          rules={[{ required: true, message: t('links.required') }]}
        >
          <Select
            loading={profiles.isPending}
            options={(profiles.data ?? []).map((profile) => ({
              value: profile.id,
              label: `${profile.name} (${profile.currency_code ?? 'EUR'})`,
            }))}
          />
        </Form.Item>
        {isPayment && (
          <Form.Item name="amount" label={f('amount')} rules={[{ required: true, message: t('links.required') }]}>
            <MoneyInput currency={currency} width={200} />
          </Form.Item>
        )}
        <Form.Item
          name="customer"
          label={f('customer')}
          rules={isPayment ? [] : [{ required: true, message: t('links.required') }]}
        >
          <CustomerSelect />
        </Form.Item>
        <Form.Item name="description" label={f('description')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Form.Item name="merchant_reference" label={f('merchant_reference')} rules={[{ max: 128 }]}>
          <Input maxLength={128} />
        </Form.Item>
        <Form.Item
          name="expires_at"
          label={f('expires_at')}
          extra={t('links.expiryHint', { days: LINK_MAX_EXPIRY_DAYS })}
        >
          <DatePicker
            format={datePattern(format.language)}
            disabledDate={(day) =>
              day.isBefore(dayjs().add(1, 'day'), 'day') ||
              day.isAfter(dayjs().add(LINK_MAX_EXPIRY_DAYS - 1, 'day'), 'day')
            }
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};
