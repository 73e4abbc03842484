import { LockOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { decodePasswordRequirements, failedPasswordRules, PASSWORD_MAX_LENGTH } from '@kassa/domain';
import { Alert, Button, Form, Input } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, apiRequest } from '@/lib/api-client.ts';
import { forgetSignedInUser, useMe } from '@/lib/session.ts';
import { PasswordRequirements } from '@/components/password-requirements.tsx';
import { useUpdatePassword } from '../api/update-password.ts';
import { AuthCard } from '../components/auth-card.tsx';

type Values = { password: string; confirm: string };

/** Server errors by `details[].path` (portal.md §8): token → invalid token, password → leaked, else unknown. */
const errorKey = (error: unknown): 'invalidToken' | 'passwordLeaked' | 'passwordPolicy' | 'unknown' => {
  if (!(error instanceof ApiError)) return 'unknown';
  const paths = error.details.map((detail) => detail.path);
  if (paths.includes('body.token')) return 'invalidToken';
  if (paths.includes('body.password')) return error.code === 'password_leaked' ? 'passwordLeaked' : 'passwordPolicy';
  return 'unknown';
};

/** /updatePassword: "Set password" for a welcome link (`new=true`), otherwise "Reset password". */
export const UpdatePasswordPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const isNew = params.get('new') === 'true';
  const requirements = useMemo(() => decodePasswordRequirements(params.get('requirements')), [params]);
  const [password, setPassword] = useState('');
  const { data: me } = useMe();
  const update = useUpdatePassword();

  // A signed-in user is signed out first (portal.md §4).
  useEffect(() => {
    if (!me) return;
    void apiRequest('POST', 'auth/logout', { ignoreUnauthorized: true }).finally(() => {
      forgetSignedInUser();
      queryClient.setQueryData(['auth', 'me'], null);
    });
  }, [me, queryClient]);

  const onFinish = (values: Values) =>
    update.mutate(
      { token, password: values.password },
      { onSuccess: () => navigate('/login?reset=password', { replace: true }) },
    );

  const problem = !token ? 'invalidToken' : update.error ? errorKey(update.error) : null;

  return (
    <AuthCard
      title={t(isNew ? 'auth.updatePassword.titleNew' : 'auth.updatePassword.titleReset')}
      footer={<Link to="/login">{t('auth.forgot.back')}</Link>}
    >
      {problem && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t(`auth.updatePassword.errors.${problem}`)}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form<Values>
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        disabled={!token || update.isPending}
        onValuesChange={(changed: Partial<Values>) => changed.password !== undefined && setPassword(changed.password)}
      >
        <Form.Item
          label={t('auth.updatePassword.password')}
          name="password"
          rules={[
            { required: true, message: t('form_validation.required') },
            { max: PASSWORD_MAX_LENGTH, message: t('form_validation.maxlength', { length: PASSWORD_MAX_LENGTH }) },
            {
              validator: (_, value: string) =>
                !value || failedPasswordRules(value, requirements).length === 0
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('auth.updatePassword.errors.passwordPolicy'))),
            },
          ]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" autoFocus />
        </Form.Item>
        <PasswordRequirements password={password} requirements={requirements} />
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
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={update.isPending}>
          {t(isNew ? 'auth.updatePassword.submitNew' : 'auth.updatePassword.submitReset')}
        </Button>
      </Form>
    </AuthCard>
  );
};
