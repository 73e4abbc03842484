import { MailOutlined } from '@ant-design/icons';
import { ZForgotPasswordBody } from '@kassa/domain';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { emailRule } from '@/lib/email-rule.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { AuthCard } from '../components/auth-card.tsx';

type FormState = 'initial' | 'submitting' | 'success' | 'error';

/** /forgotPassword: initial, submitting, success, error; any edit returns to initial (portal.md §4, §5, §8). */
export const ForgotPasswordPage = () => {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ email: string }>();
  const [state, setState] = useState<FormState>('initial');
  const forgot = useForgotPassword();

  const onFinish = ({ email }: { email: string }) => {
    setState('submitting');
    forgot.mutate(email.trim(), { onSuccess: () => setState('success'), onError: () => setState('error') });
  };
  // The submit button follows the form's validity (the shared schema) without showing errors early.
  const valid = ZForgotPasswordBody.safeParse({ email: (Form.useWatch('email', form) ?? '').trim() }).success;
  const onValuesChange = () => setState('initial');

  return (
    <AuthCard title={t('auth.forgot.title')} footer={<Link to="/login">{t('auth.forgot.back')}</Link>}>
      {state === 'success' && (
        <Alert type="success" showIcon role="status" title={t('auth.forgot.success')} style={{ marginBottom: 16 }} />
      )}
      {state === 'error' && (
        <Alert type="error" showIcon role="alert" title={t('auth.forgot.error')} style={{ marginBottom: 16 }} />
      )}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish} onValuesChange={onValuesChange}>
        <Form.Item
          label={t('auth.forgot.email')}
          name="email"
          validateStatus={state === 'error' ? 'error' : undefined}
          rules={[{ required: true, message: t('form_validation.required') }, emailRule(t('form_validation.email'))]}
        >
          <Input prefix={<MailOutlined />} autoComplete="username" autoFocus inputMode="email" />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={state === 'submitting'}
          disabled={!valid || state !== 'initial'}
        >
          {t('auth.forgot.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
};
