import { DEFAULT_PASSWORD_REQUIREMENTS, failedPasswordRules, PASSWORD_MAX_LENGTH } from '@kassa/domain';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordRequirements } from '@/components/password-requirements.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useChangePassword } from '../api/change-password.ts';

type Values = { current_password: string; password: string; confirm: string };

/** A new password needs the current one; every other session ends. */
export const PasswordCard = () => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [password, setPassword] = useState('');
  const change = useChangePassword();
  const error = change.error instanceof ApiError ? change.error : null;
  const wrongCurrent = error?.details.some((detail) => detail.path === 'body.current_password');
  const onFinish = (values: Values) =>
    change.mutate(
      { current_password: values.current_password, password: values.password },
      {
        onSuccess: () => {
          form.resetFields();
          setPassword('');
        },
      },
    );
  return (
    <Card title={t('profile.passwordTitle')}>
      {change.isSuccess && (
        <Alert
          type="success"
          showIcon
          role="status"
          title={t('profile.passwordChanged')}
          style={{ marginBottom: 16 }}
        />
      )}
      {error && !wrongCurrent && (
        <Alert
          type="error"
          showIcon
          title={t(
            error.code === 'password_leaked'
              ? 'auth.updatePassword.errors.passwordLeaked'
              : 'auth.updatePassword.errors.unknown',
          )}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        disabled={change.isPending}
        onValuesChange={(changed: Partial<Values>) => changed.password !== undefined && setPassword(changed.password)}
      >
        <Form.Item
          label={t('profile.currentPassword')}
          name="current_password"
          validateStatus={wrongCurrent ? 'error' : undefined}
          help={wrongCurrent ? t('profile.wrongPassword') : undefined}
          rules={[{ required: true, message: t('form_validation.required') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label={t('auth.updatePassword.password')}
          name="password"
          rules={[
            { required: true, message: t('form_validation.required') },
            { max: PASSWORD_MAX_LENGTH, message: t('form_validation.maxlength', { length: PASSWORD_MAX_LENGTH }) },
            {
              validator: (_, value: string) =>
                !value || failedPasswordRules(value).length === 0
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('auth.updatePassword.errors.passwordPolicy'))),
            },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <PasswordRequirements password={password} requirements={DEFAULT_PASSWORD_REQUIREMENTS} />
        <Form.Item
          label={t('auth.updatePassword.confirm')}
          name="confirm"
          dependencies={['password']}
          rules={[
            { required: true, message: t('form_validation.required') },
            ({ getFieldValue }) => ({
              validator: (_, value: string) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('form_validation.notSame'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('profile.changePassword')}
        </Button>
      </Form>
    </Card>
  );
};
