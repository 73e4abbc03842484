import { SANDBOX_3DS_CODE, type TCheckoutPage } from '@kassa/domain';
import { Alert, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client.ts';
import { useAnswerChallenge } from '../api/answer-challenge.ts';
import { DesignedSubmit } from './hosted-form-parts.tsx';

/** The sandbox issuer's 3-D Secure challenge: one code, a few tries, in the merchant's button colours. */
export const ChallengeForm = ({ token, page }: { token: string; page: TCheckoutPage }) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  const answer = useAnswerChallenge(token);
  const [wrong, setWrong] = useState(false);
  const onFinish = ({ code }: { code: string }) => {
    setWrong(false);
    answer.mutate(code.trim(), {
      onError: (error) => {
        if (error instanceof ApiError && error.status === 422) {
          setWrong(true);
          form.setFieldValue('code', '');
        }
      },
    });
  };
  const failed = answer.error && !(answer.error instanceof ApiError && answer.error.status === 422);
  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish} disabled={answer.isPending}>
      <p>{t('checkout.challenge.explain')}</p>
      <Alert
        type="info"
        showIcon
        message={t('checkout.challenge.sandbox', { code: SANDBOX_3DS_CODE })}
        style={{ marginBottom: 16 }}
      />
      {wrong && (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={t('checkout.challenge.wrongCode', { count: page.attempts_left })}
          style={{ marginBottom: 16 }}
        />
      )}
      {failed && (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={t('checkout.challenge.unavailable')}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form.Item
        name="code"
        label={t('checkout.challenge.code')}
        rules={[{ required: true, whitespace: true, message: t('form_validation.required') }]}
      >
        <Input autoComplete="one-time-code" inputMode="numeric" maxLength={12} autoFocus />
      </Form.Item>
      <DesignedSubmit design={page.design} loading={answer.isPending}>
        {t('checkout.challenge.confirm')}
      </DesignedSubmit>
    </Form>
  );
};
