import type { TPaymentLinkPage } from '@kassa/domain';
import { Alert, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client.ts';
import { usePayPaymentLink } from '../api/pay-payment-link.ts';
import { CardNumberItem, DesignedSubmit } from './hosted-form-parts.tsx';

const REFUSED = ['DECLINED', 'FAILED', 'PROCESSOR_DECLINED', 'GATEWAY_REJECTED'];

/** Pays a payment link with a (test) card; a 3-D Secure challenge continues on the challenge page. */
export const PayLinkForm = ({ token, page, amount }: { token: string; page: TPaymentLinkPage; amount: string }) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ card_number: string }>();
  const pay = usePayPaymentLink(token);
  const onFinish = ({ card_number }: { card_number: string }) =>
    pay.mutate(card_number, {
      onSuccess: (next) => {
        if (next.checkout_url) window.location.assign(next.checkout_url);
        else if (next.state === 'open') form.setFieldValue('card_number', '');
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400)
          form.setFields([{ name: 'card_number', errors: [t('checkout.pay.invalidCard')] }]);
        else if (error instanceof ApiError && error.code === 'card_refused')
          form.setFields([{ name: 'card_number', errors: [t('errors.card_refused')] }]);
      },
    });
  const refused = page.transaction_status !== null && REFUSED.includes(page.transaction_status);
  // A refused card is said on the field; a closed link reloads its page; anything else cannot be reached.
  const answered = pay.error instanceof ApiError && [400, 402, 409].includes(pay.error.status);
  const unreachable = pay.error && !answered;
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      disabled={pay.isPending || !!pay.data?.checkout_url}
    >
      <Alert type="info" showIcon message={t('checkout.pay.sandbox')} style={{ marginBottom: 16 }} />
      {refused && (
        <Alert type="error" showIcon role="alert" message={t('checkout.pay.refused')} style={{ marginBottom: 16 }} />
      )}
      {unreachable && (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={t('checkout.challenge.unavailable')}
          style={{ marginBottom: 16 }}
        />
      )}
      <CardNumberItem />
      <DesignedSubmit design={page.design} loading={pay.isPending}>
        {t('checkout.pay.submit', { amount })}
      </DesignedSubmit>
    </Form>
  );
};
