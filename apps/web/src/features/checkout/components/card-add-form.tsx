import type { TCardAddPage } from '@kassa/domain';
import { Alert, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client.ts';
import { useAddCard } from '../api/add-card.ts';
import { CardNumberItem, DesignedSubmit } from './hosted-form-parts.tsx';

/** Adds a (test) card to a card-add link; a refused card leaves the form open for another. */
export const CardAddForm = ({ token, page }: { token: string; page: TCardAddPage }) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ card_number: string }>();
  const add = useAddCard(token);
  const onFinish = ({ card_number }: { card_number: string }) =>
    add.mutate(card_number, {
      onSuccess: (next) => {
        if (next.state === 'open') form.setFieldValue('card_number', '');
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400)
          form.setFields([{ name: 'card_number', errors: [t('checkout.pay.invalidCard')] }]);
      },
    });
  const unreachable = add.error && !(add.error instanceof ApiError && add.error.status === 400);
  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish} disabled={add.isPending}>
      <Alert type="info" showIcon message={t('checkout.addCard.sandbox')} style={{ marginBottom: 16 }} />
      {page.refused && (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={t('checkout.addCard.refused')}
          style={{ marginBottom: 16 }}
        />
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
      <DesignedSubmit design={page.design} loading={add.isPending}>
        {t('checkout.addCard.submit')}
      </DesignedSubmit>
    </Form>
  );
};
