import { Alert, Descriptions, Form, Input, Modal } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiGet, ApiError } from '@/lib/api-client.ts';
import { newIdempotencyKey } from '@/lib/entity-api.ts';
import { useFormat } from '@/lib/use-format.ts';
import { MoneyInput } from '@/components/money-input.tsx';
import { Money } from '@/components/money.tsx';
import { isUnread } from '@/components/number-input.tsx';
import { useCreateRefund } from './api/create-refund.ts';
import { notRefundableReason, remainingOf, type RefundableTransaction } from './api/types.ts';
import { TransactionPicker } from './transaction-picker.tsx';

type Values = { transaction: RefundableTransaction | null; amount: number | null; reason?: string };

/**
 * Add refund (payments.md §2, §5): choose a transaction, amount defaults to what is still
 * refundable, optional reason. The server decides; its refusals are shown on the field they name.
 */
export const AddRefundDialog = ({
  open,
  onClose,
  transaction,
}: {
  open: boolean;
  onClose: () => void;
  transaction?: RefundableTransaction;
}) => {
  const { t } = useTranslation();
  const format = useFormat();
  const [form] = Form.useForm<Values>();
  const create = useCreateRefund();
  const [error, setError] = useState<string | null>(null);
  // One key per submission: kept while the form is unchanged (a double click or retry sends the
  // same key, so the server refunds once), renewed as soon as the user changes anything.
  const key = useRef<string | null>(null);
  const selected = Form.useWatch('transaction', form) ?? transaction ?? null;
  const blocked = selected ? notRefundableReason(selected) : null;

  const choose = (tx: RefundableTransaction | null) => {
    form.setFieldsValue({ transaction: tx, amount: tx && !notRefundableReason(tx) ? remainingOf(tx) : null });
    form.setFields([
      { name: 'amount', errors: [] },
      { name: 'transaction', errors: [] },
    ]);
  };

  const showServerError = async (failure: unknown, tx: RefundableTransaction) => {
    if (!(failure instanceof ApiError)) return setError(t('errors.unknown'));
    if (failure.code === 'refund_exceeds_amount') {
      // Say the remainder as it is now on the server, in the user's language and format.
      const fresh = await apiGet<RefundableTransaction>(`transaction/${encodeURIComponent(tx.id)}`).catch(() => null);
      const message = fresh
        ? t('refunds.add.exceeds', { remaining: format.money(remainingOf(fresh), fresh.currency_code) })
        : failure.message;
      return form.setFields([{ name: 'amount', errors: [message] }]);
    }
    if (failure.code === 'not_refundable')
      return form.setFields([
        {
          name: 'transaction',
          errors: [
            t('refunds.add.notRefundable', {
              status: t(`statuses.transaction.${tx.status}`, { defaultValue: tx.status }),
            }),
          ],
        },
      ]);
    const onAmount = failure.details.find((detail) => detail.path === 'body.amount');
    if (onAmount) return form.setFields([{ name: 'amount', errors: [onAmount.message] }]);
    setError(t(`errors.${failure.code}`, { defaultValue: failure.message }));
  };

  const submit = async (values: Values) => {
    const tx = values.transaction ?? transaction;
    if (!tx || values.amount === null || isUnread(values.amount) || notRefundableReason(tx) || create.isPending) return;
    setError(null);
    key.current ??= newIdempotencyKey();
    try {
      await create.mutateAsync({
        body: { transaction: tx.id, amount: values.amount, reason: values.reason?.trim() || null },
        idempotencyKey: key.current,
      });
      key.current = null;
      onClose();
    } catch (failure) {
      await showServerError(failure, tx);
    }
  };

  return (
    <Modal
      open={open}
      title={t('refunds.add.title')}
      okText={t('refunds.add.submit')}
      cancelText={t('refunds.add.cancel')}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          transaction: transaction ?? null,
          amount: transaction && !notRefundableReason(transaction) ? remainingOf(transaction) : null,
          reason: '',
        }}
        onValuesChange={() => (key.current = null)}
        onFinish={submit}
      >
        {/* A hidden submit button lets Enter in a field submit the dialog. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Form.Item
          name="transaction"
          label={t('refunds.add.transaction')}
          rules={[{ required: true, message: t('refunds.add.transactionRequired') }]}
          hidden={Boolean(transaction)}
        >
          <TransactionPicker onChange={choose} />
        </Form.Item>
        {selected && (
          <Descriptions
            size="small"
            column={1}
            bordered
            style={{ marginBottom: 16 }}
            items={[
              {
                key: 'reference',
                label: t('fields:transaction.merchant_reference'),
                children: selected.merchant_reference ?? selected.id,
              },
              {
                key: 'amount',
                label: t('fields:transaction.amount'),
                children: <Money amount={selected.amount} currency={selected.currency_code} />,
              },
              {
                key: 'refunded',
                label: t('fields:transaction.refunded_amount'),
                children: <Money amount={selected.refunded_amount ?? 0} currency={selected.currency_code} />,
              },
              {
                key: 'remaining',
                label: t('refunds.add.remaining'),
                children: <Money amount={remainingOf(selected)} currency={selected.currency_code} />,
              },
            ]}
          />
        )}
        {blocked && (
          <Alert
            type="warning"
            showIcon
            title={t(`refunds.add.${blocked}`, {
              status: t(`statuses.transaction.${selected?.status}`, { defaultValue: selected?.status }),
            })}
            style={{ marginBottom: 16 }}
          />
        )}
        <Form.Item
          name="amount"
          label={t('refunds.add.amount')}
          // The field says itself why a text cannot be read; an empty field is this rule's.
          rules={[
            {
              validator: (_, value) =>
                value === null || value === undefined
                  ? Promise.reject(new Error(t('refunds.add.amountRequired')))
                  : Promise.resolve(),
            },
          ]}
        >
          <MoneyInput currency={selected?.currency_code} width={220} disabled={!selected || Boolean(blocked)} />
        </Form.Item>
        <Form.Item name="reason" label={t('refunds.add.reason')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
};
