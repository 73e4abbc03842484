import {
  access,
  BASE_CURRENCY,
  hasAccess,
  ZPaymentProfileCreate,
  ZPaymentProfileUpdate,
  type TPaymentProfileCreate,
} from '@kassa/domain';
import { Alert, Form, Input, Select, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { friendlyFormatIBAN } from 'ibantools';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { z } from 'zod';
import { FormDrawer } from '@/components/form-drawer.tsx';
import { OrganisationPicker } from '@/components/organisation-picker.tsx';
import { useNavContext } from '@/lib/authorisation.ts';
import { useOrganisationScope } from '@/lib/org-context.ts';
import { useMe } from '@/lib/session.ts';
import { useEntityForm } from '@/lib/use-entity-form.ts';
import { usePaymentProfile, useSavePaymentProfile, type PaymentProfileRow } from '../api/payment-profiles.ts';
import {
  useBankAccountOptions,
  useMiddlewareOptions,
  useProcessorOptions,
  useRoutingOptions,
} from '../api/profile-options.ts';
import { AssignedList } from './assigned-list.tsx';
import { RoutingTab } from './routing-tab.tsx';

type Values = Omit<PaymentProfileRow, 'id' | 'created_at' | 'organisation'> & { organisation?: string };
const CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK'];
const WEBHOOKS = ['webhook_transaction_update', 'webhook_refund_update', 'webhook_chargeback_update'] as const;
/** Test mode: where test-mode webhooks go instead (empty: the same URL as live). */
const TEST_WEBHOOKS = [
  'test_webhook_transaction_update',
  'test_webhook_refund_update',
  'test_webhook_chargeback_update',
] as const;
/** Which tab shows the field an error names. */
const TAB_OF: Record<string, string> = {
  processors: 'processors',
  middleware: 'middleware',
  routing: 'routing',
  intelligent_routing: 'routing',
  webhook_failed_email: 'webhooks',
  ...Object.fromEntries([...WEBHOOKS, ...TEST_WEBHOOKS].map((w) => [w, 'webhooks'])),
};

/** A payment profile with its tabs Details, Processors, Middleware, Routing and Webhooks (risk-config.md §2.9). */
export const PaymentProfileDrawer = ({ id, onClose }: { id: string | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const profile = usePaymentProfile(id);
  const save = useSavePaymentProfile();
  const processors = useProcessorOptions();
  const middleware = useMiddlewareOptions();
  const routings = useRoutingOptions();
  // Payout accounts are merchant finance: only organisations with the collecting feature have them
  // (in a provider's merchant context, that merchant's feature, as the server checks it).
  const collecting = Boolean(useNavContext()?.features?.includes('collecting'));
  const bankAccounts = useBankAccountOptions(useOrganisationScope(useLocation().pathname), collecting);
  const [tab, setTab] = useState('details');
  const [saved, setSaved] = useState(false);
  const row = profile.data;
  const canEdit = hasAccess(me?.roles ?? [], id ? access.paymentProfile.update : access.paymentProfile.create);
  const schema = id ? ZPaymentProfileUpdate : ZPaymentProfileCreate;
  const entity = useEntityForm({
    schema: schema as z.ZodType,
    // The form holds the whole loaded row: only its own fields are sent (the schema refuses others);
    // the organisation of an existing profile never changes, and a routing left empty is none.
    toBody: (values: Values) => ({
      ...Object.fromEntries(Object.keys(schema.shape).map((field) => [field, values[field as keyof Values]])),
      routing: Object.fromEntries(Object.entries(values.routing ?? {}).filter(([, v]) => v)),
    }),
    before: () => {
      setSaved(false);
      return true;
    },
    save: (body) => save.mutateAsync({ id, body: body as TPaymentProfileCreate }),
    // An edited profile stays open and says it was saved; a new one closes.
    onSaved: () => (id ? setSaved(true) : onClose()),
  });
  const { form } = entity;
  // A refused field may sit on another tab: that tab opens.
  const submit = async () => {
    await entity.submit();
    const first = form.getFieldsError().find((field) => field.errors.length > 0)?.name[0];
    if (first !== undefined) setTab(TAB_OF[String(first)] ?? 'details');
  };

  useEffect(() => {
    form.resetFields();
    if (row)
      form.setFieldsValue({
        ...row,
        organisation: typeof row.organisation === 'object' ? row.organisation.id : row.organisation,
        intelligent_routing: row.intelligent_routing || Object.keys(row.routing).length > 0,
      });
    else if (!id && me && me.organisation.type !== 'provider')
      form.setFieldsValue({ organisation: me.organisation.id });
  }, [form, row, id, me]);

  // Off clears the routing choices; on brings back the saved ones (risk-config.md §4).
  const onValuesChange = (changed: Partial<Values>) => {
    entity.formProps.onValuesChange(changed);
    if (changed.intelligent_routing === false) form.setFieldValue('routing', {});
    if (changed.intelligent_routing === true) form.setFieldValue('routing', row?.routing ?? {});
  };
  // display_name follows name on blur for a new profile, when still empty (§5).
  const onNameBlur = () => {
    if (!id && !form.getFieldValue('display_name')) form.setFieldValue('display_name', form.getFieldValue('name'));
  };
  const processorOptions = (processors.data ?? []).map((p) => ({
    id: p.id,
    name: p.name,
    tag: p.payment_product && t(`paymentProducts.${p.payment_product}`, { defaultValue: p.payment_product }),
  }));

  return (
    <FormDrawer
      onClose={onClose}
      title={row?.name ?? t('paymentProfiles.create')}
      size={640}
      loading={Boolean(id) && profile.isPending}
      entity={canEdit ? { ...entity, submit } : undefined}
      submitLabel={t('paymentProfiles.save')}
    >
      {saved && (
        <Alert type="success" showIcon closable title={t('paymentProfiles.saved')} style={{ marginBottom: 16 }} />
      )}
      <Form<Values>
        {...entity.formProps}
        onFinish={() => void submit()}
        requiredMark={false}
        onValuesChange={onValuesChange}
        disabled={!canEdit || entity.saving}
        initialValues={{
          currency_code: BASE_CURRENCY,
          processors: [],
          middleware: [],
          routing: {},
          intelligent_routing: false,
        }}
      >
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'details',
              label: t('paymentProfiles.tabs.details'),
              forceRender: true,
              children: (
                <>
                  <Form.Item label={t('fields:payment_profile.name')} name="name">
                    <Input autoComplete="off" onBlur={onNameBlur} />
                  </Form.Item>
                  <Form.Item label={t('fields:payment_profile.display_name')} name="display_name">
                    <Input autoComplete="off" />
                  </Form.Item>
                  <Form.Item label={t('fields:payment_profile.organisation')} name="organisation">
                    <OrganisationPicker disabled={Boolean(id)} filter={(org) => org.type !== 'provider'} />
                  </Form.Item>
                  <Form.Item label={t('fields:payment_profile.currency_code')} name="currency_code">
                    <Select options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
                  </Form.Item>
                  <Form.Item label={t('fields:payment_profile.website')} name="website">
                    <Input autoComplete="off" inputMode="url" />
                  </Form.Item>
                  <Form.Item label={t('fields:payment_profile.description')} name="description">
                    <Input.TextArea rows={3} />
                  </Form.Item>
                  {collecting && (
                    <Form.Item
                      label={t('fields:payment_profile.bank_account')}
                      name="bank_account"
                      extra={t('paymentProfiles.bankAccountHint')}
                      normalize={(value?: string) => value ?? ''}
                    >
                      <Select
                        allowClear
                        loading={bankAccounts.isPending}
                        showSearch={{ optionFilterProp: 'label' }}
                        options={(bankAccounts.data ?? []).map((a) => ({
                          value: a.id,
                          label: `${a.holder_name} · ${friendlyFormatIBAN(a.iban) ?? a.iban} (${a.currency_code})`,
                        }))}
                      />
                    </Form.Item>
                  )}
                </>
              ),
            },
            {
              key: 'processors',
              label: t('paymentProfiles.tabs.processors'),
              forceRender: true,
              children: (
                <Form.Item name="processors" label={t('fields:payment_profile.processors')}>
                  <AssignedList
                    options={processorOptions}
                    label={t('paymentProfiles.pickProcessor')}
                    addedMessage={t('paymentProfiles.processorAdded')}
                    disabled={!canEdit}
                  />
                </Form.Item>
              ),
            },
            {
              key: 'middleware',
              label: t('paymentProfiles.tabs.middleware'),
              forceRender: true,
              children: (
                <Form.Item name="middleware" label={t('fields:payment_profile.middleware')}>
                  <AssignedList
                    options={middleware.data ?? []}
                    label={t('paymentProfiles.pickMiddleware')}
                    addedMessage={t('paymentProfiles.middlewareAdded')}
                    disabled={!canEdit}
                  />
                </Form.Item>
              ),
            },
            {
              key: 'routing',
              label: t('paymentProfiles.tabs.routing'),
              forceRender: true,
              children: (
                <RoutingTab processors={processors.data ?? []} routings={routings.data ?? []} disabled={!canEdit} />
              ),
            },
            {
              key: 'webhooks',
              label: t('paymentProfiles.tabs.webhooks'),
              forceRender: true,
              children: (
                <>
                  {[...WEBHOOKS, ...TEST_WEBHOOKS].map((name) => (
                    <Form.Item
                      key={name}
                      label={t(`fields:payment_profile.${name}`)}
                      name={name}
                      extra={name === TEST_WEBHOOKS[0] ? t('paymentProfiles.testWebhooksHint') : undefined}
                    >
                      <Input autoComplete="off" inputMode="url" />
                    </Form.Item>
                  ))}
                  <Form.Item label={t('fields:payment_profile.webhook_failed_email')} name="webhook_failed_email">
                    <Input autoComplete="off" inputMode="email" />
                  </Form.Item>
                </>
              ),
            },
          ]}
        />
      </Form>
    </FormDrawer>
  );
};
