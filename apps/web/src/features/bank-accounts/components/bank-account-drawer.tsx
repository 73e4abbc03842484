import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { access, hasAccess, ZBankAccountCreate, type TBankAccountCreate, type TBankAccountRow } from '@kassa/domain';
import { Button, Form, Input, Select } from 'antd';
import { friendlyFormatIBAN } from 'ibantools';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '@/components/form-drawer.tsx';
import { useServerError } from '@/lib/use-server-error.ts';
import { apiGet, apiPost } from '@/lib/api-client.ts';
import { useMe } from '@/lib/session.ts';

export type BankAccountRow = TBankAccountRow;
type Values = { holder_name: string; iban: string; bic?: string; currency_code: string; description?: string };

/** Creates or edits a bank account; the IBAN is checked in the browser with the server's own schema. */
export const BankAccountDrawer = ({ id, onClose }: { id: string | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const serverError = useServerError(form);
  const { data: me } = useMe();
  const queryClient = useQueryClient();
  const account = useQuery({
    queryKey: ['bankaccount', 'detail', id],
    enabled: Boolean(id),
    queryFn: ({ signal }) =>
      apiGet<BankAccountRow>(`bankaccount/${encodeURIComponent(id as string)}`, undefined, signal),
  });
  const save = useMutation({
    mutationFn: (body: TBankAccountCreate) =>
      apiPost<BankAccountRow>(id ? `bankaccount/${encodeURIComponent(id)}` : 'bankaccount', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['bankaccount'] }),
  });
  const canEdit = hasAccess(me?.roles ?? [], access.bankAccount.edit);
  useEffect(() => {
    form.resetFields();
    if (account.data)
      form.setFieldsValue({
        ...account.data,
        iban: friendlyFormatIBAN(account.data.iban) ?? account.data.iban,
        bic: account.data.bic ?? '',
        description: account.data.description ?? '',
      });
  }, [form, account.data]);
  const ibanRule = {
    validator: async (_: unknown, value: string) => {
      const result = ZBankAccountCreate.shape.iban.safeParse(value ?? '');
      if (!result.success) throw new Error(t(value ? 'bankAccounts.invalidIban' : 'form_validation.required'));
    },
  };
  const onFinish = (values: Values) =>
    save.mutate(values, {
      onSuccess: onClose,
      onError: serverError.show,
    });
  return (
    <FormDrawer
      title={account.data?.holder_name ?? t('bankAccounts.create')}
      onClose={onClose}
      loading={Boolean(id) && account.isPending}
      serverError={serverError.message}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        disabled={!canEdit || save.isPending}
        initialValues={{ currency_code: 'EUR' }}
      >
        <Form.Item
          label={t('fields:bank_account.holder_name')}
          name="holder_name"
          rules={[{ required: true, whitespace: true, message: t('form_validation.required') }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('fields:bank_account.iban')} name="iban" rules={[ibanRule]} validateTrigger="onBlur">
          <Input autoComplete="off" spellCheck={false} />
        </Form.Item>
        <Form.Item label={t('fields:bank_account.bic')} name="bic">
          <Input autoComplete="off" spellCheck={false} />
        </Form.Item>
        <Form.Item label={t('fields:bank_account.currency_code')} name="currency_code">
          <Select options={['EUR', 'USD', 'GBP', 'CHF'].map((c) => ({ value: c, label: c }))} />
        </Form.Item>
        <Form.Item label={t('fields:bank_account.description')} name="description">
          <Input autoComplete="off" />
        </Form.Item>
        {canEdit && (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('bankAccounts.save')}
          </Button>
        )}
      </Form>
    </FormDrawer>
  );
};
