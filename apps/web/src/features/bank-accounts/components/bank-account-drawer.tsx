import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  access,
  hasAccess,
  ZBankAccountCreate,
  ZBankAccountUpdate,
  type TBankAccountCreate,
  type TBankAccountRow,
  type TChangeAccepted,
} from '@kassa/domain';
import { Form, Input, Select } from 'antd';
import { friendlyFormatIBAN } from 'ibantools';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ChangeNote, useNeedsApproval } from '@/components/change-note.tsx';
import { FormDrawer } from '@/components/form-drawer.tsx';
import { changeNoteHeaders, isWaitingForApproval } from '@/lib/change-requests.ts';
import { apiGet, apiPost } from '@/lib/api-client.ts';
import { useMe } from '@/lib/session.ts';
import { useEntityForm } from '@/lib/use-entity-form.ts';

export type BankAccountRow = TBankAccountRow;
type Values = { holder_name: string; iban: string; bic?: string; currency_code: string; description?: string };

/** The form's own fields: it also holds the loaded row, whose other fields the schema refuses. */
const pick = ({ holder_name, iban, bic, currency_code, description }: Values) => ({
  holder_name,
  iban,
  bic,
  currency_code,
  description,
});

/**
 * Creates or edits a bank account; the IBAN is checked in the browser with the server's own schema.
 * Under the four-eyes policy (issue 35) the form says the change will wait, asks why, and after
 * saving says it is waiting, with a link to the request.
 */
export const BankAccountDrawer = ({ id, onClose }: { id: string | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const queryClient = useQueryClient();
  const account = useQuery({
    queryKey: ['bankaccount', 'detail', id],
    enabled: Boolean(id),
    queryFn: ({ signal }) =>
      apiGet<BankAccountRow>(`bankaccount/${encodeURIComponent(id as string)}`, undefined, signal),
  });
  const save = useMutation({
    mutationFn: ({ body, note }: { body: TBankAccountCreate; note?: string }) =>
      apiPost<BankAccountRow | TChangeAccepted>(id ? `bankaccount/${encodeURIComponent(id)}` : 'bankaccount', body, {
        headers: changeNoteHeaders(note),
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['bankaccount'] }),
        queryClient.invalidateQueries({ queryKey: ['changerequest'] }),
      ]),
  });
  const canEdit = hasAccess(me?.roles ?? [], access.bankAccount.edit);
  // A new account is the caller's organisation's; an existing one its own organisation's policy.
  const needsApproval = useNeedsApproval('bankaccount', account.data?.organisation ?? me?.organisation.id);
  const [note, setNote] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const [waiting, setWaiting] = useState<string | null>(null);
  const entity = useEntityForm({
    schema: (id ? ZBankAccountUpdate : ZBankAccountCreate) as z.ZodType,
    toBody: pick,
    // A note is asked for when the change waits for a second person.
    before: () => {
      setShowErrors(true);
      return !needsApproval || Boolean(note.trim());
    },
    // The values as typed are sent (the grouped IBAN): the server parses them as the schema just did.
    save: (_, values) => save.mutateAsync({ body: pick(values), note: needsApproval ? note : undefined }),
    // Under four eyes nothing changed yet: the form says so and stays open.
    onSaved: (answer) => (isWaitingForApproval(answer) ? setWaiting(answer.change_request) : onClose()),
  });
  const { form } = entity;
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
  return (
    <FormDrawer
      title={account.data?.holder_name ?? t('bankAccounts.create')}
      onClose={onClose}
      loading={Boolean(id) && account.isPending}
      entity={canEdit ? entity : undefined}
      submitLabel={t(needsApproval ? 'changes.submit' : 'bankAccounts.save')}
      submitDisabled={Boolean(waiting)}
    >
      <Form<Values>
        {...entity.formProps}
        requiredMark={false}
        disabled={!canEdit || entity.saving || Boolean(waiting)}
        initialValues={{ currency_code: 'EUR' }}
      >
        <Form.Item label={t('fields:bank_account.holder_name')} name="holder_name">
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('fields:bank_account.iban')} name="iban">
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
          <ChangeNote needed={needsApproval} note={note} onNote={setNote} showErrors={showErrors} waiting={waiting} />
        )}
      </Form>
    </FormDrawer>
  );
};
