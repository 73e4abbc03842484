import { MailOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '@/lib/api-client.ts';
import { emailRule } from '@/lib/email-rule.ts';
import { useUpdateEmail } from '../api/update-email.ts';
import { AuthCard } from '../components/auth-card.tsx';

type Values = { email: string; confirm: string };

/** /updateEmail: "Reset email" with the token from the mail to the new address (portal.md §2.1, §5, §8). */
export const UpdateEmailPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const update = useUpdateEmail();
  const onFinish = (values: Values) =>
    update.mutate(
      { token, email: values.email.trim() },
      { onSuccess: () => navigate('/login?reset=email', { replace: true }) },
    );
  const invalidToken =
    !token || (update.error instanceof ApiError && update.error.details.some((detail) => detail.path === 'body.token'));
  const emailRules = [
    { required: true, message: t('form_validation.required') },
    emailRule(t('form_validation.email')),
    { min: 3, message: t('form_validation.minlength', { length: 3 }) },
  ];

  return (
    <AuthCard title={t('auth.updateEmail.title')} footer={<Link to="/login">{t('auth.forgot.back')}</Link>}>
      {invalidToken ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('auth.updateEmail.invalidToken')}
          style={{ marginBottom: 16 }}
        />
      ) : update.error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('auth.updateEmail.submitError')}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form<Values> layout="vertical" requiredMark={false} onFinish={onFinish} disabled={!token || update.isPending}>
        <Form.Item label={t('auth.updateEmail.email')} name="email" rules={emailRules}>
          <Input prefix={<MailOutlined />} autoComplete="email" inputMode="email" autoFocus />
        </Form.Item>
        <Form.Item
          label={t('auth.updateEmail.confirm')}
          name="confirm"
          dependencies={['email']}
          rules={[
            ...emailRules,
            ({ getFieldValue }) => ({
              validator: (_, value: string) =>
                !value || value === getFieldValue('email')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('form_validation.sameEmail'))),
            }),
          ]}
        >
          <Input prefix={<MailOutlined />} autoComplete="email" inputMode="email" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={update.isPending}>
          {t('auth.updateEmail.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
};
