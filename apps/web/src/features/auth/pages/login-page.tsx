import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { TLoginBody } from '@kassa/domain';
import { ApiError } from '@/lib/api-client.ts';
import { emailRule } from '@/lib/email-rule.ts';
import { useAppConfig } from '@/lib/app-config.ts';
import { forgetSignInStep, rememberSignInStep } from '@/lib/sign-in-step.ts';
import { useLogin } from '../api/login.ts';
import { LanguageSwitch } from '@/components/language-switch.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import styles from './login-page.module.css';

/** /login: e-mail and password (portal.md §2.1, §5). */
export const LoginPage = () => {
  const { t } = useTranslation();
  // Title and logo are the installation's branding (APP_TITLE, LOGO_URL via /v1/app-config).
  const { data: config } = useAppConfig();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLogin();
  // The 'password changed' banner is about the change just made; once a sign-in fails it gives way to that error.
  const reset = login.isError ? null : params.get('reset');

  const onFinish = (values: TLoginBody) => {
    const username = values.username.trim();
    login.mutate(
      { ...values, username },
      {
        onSuccess: (result) => {
          forgetSignInStep();
          // Signed in: GuestOnly takes the user on, to the saved page (one place, so nothing races it).
          if ('id' in result) return;
          if ('mfa_setup_required' in result) {
            rememberSignInStep({ username, token: result.token });
            return navigate(`/mfa/setup?${new URLSearchParams({ required_type: result.required_type })}`);
          }
          rememberSignInStep({ username, token: result.mfa_token });
          navigate(`/mfa?${new URLSearchParams({ mfa_type: result.mfa_type })}`);
        },
      },
    );
  };

  const errorCode = login.error instanceof ApiError ? login.error.code : login.error ? 'unknown' : null;

  return (
    <main className={styles.page}>
      {/* A plain panel, not antd's Card: Card brings Tabs, Menu and Skeleton (about 28 KB gzip) the sign-in page never shows. */}
      <section className={styles.card}>
        <div className={styles.brand}>
          <img src={config?.logo_url ?? '/assets/logo.svg'} alt="" width={40} height={40} />
          <div>
            <PageTitle size="card">{t('auth.login.title', { name: config?.title ?? t('app.name') })}</PageTitle>
            <Typography.Text type="secondary">{t('app.tagline')}</Typography.Text>
          </div>
        </div>
        {reset === 'password' && (
          <Alert type="success" showIcon title={t('auth.login.resetPassword')} className={styles.alert} />
        )}
        {reset === 'email' && (
          <Alert type="success" showIcon title={t('auth.login.resetEmail')} className={styles.alert} />
        )}
        {errorCode && (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={t(`errors.${errorCode}`, { defaultValue: t('errors.unknown') })}
            className={styles.alert}
          />
        )}
        <Form<TLoginBody> layout="vertical" requiredMark={false} onFinish={onFinish} disabled={login.isPending}>
          <Form.Item
            label={t('auth.login.email')}
            name="username"
            rules={[{ required: true, message: t('form_validation.required') }, emailRule(t('form_validation.email'))]}
          >
            <Input prefix={<MailOutlined />} autoComplete="username" autoFocus inputMode="email" />
          </Form.Item>
          <Form.Item
            label={t('auth.login.password')}
            name="password"
            rules={[
              { required: true, message: t('form_validation.required') },
              { min: 2, message: t('form_validation.minlength', { length: 2 }) },
            ]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={login.isPending}>
            {t('auth.login.submit')}
          </Button>
        </Form>
        <div className={styles.footer}>
          <Link to="/forgotPassword">{t('auth.login.forgotPassword')}</Link>
          <LanguageSwitch />
        </div>
      </section>
    </main>
  );
};
