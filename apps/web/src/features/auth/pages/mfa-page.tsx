import { SafetyOutlined } from '@ant-design/icons';
import type { TMe } from '@kassa/domain';
import { Alert, Button, Checkbox, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { forgetSignInStep, readSignInStep } from '@/lib/sign-in-step.ts';
import { useVerifyMfa } from '../api/verify-mfa.ts';
import { AuthCard } from '../components/auth-card.tsx';

/** /mfa: the second sign-in step with Remember me (portal.md §2.1); a failed code marks the field invalidToken. */
export const MfaPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [step] = useState(readSignInStep);
  const username = step?.username ?? '';
  const token = step?.token ?? '';
  const type = params.get('mfa_type') === 'google' ? 'google' : params.get('mfa_type') === 'email' ? 'email' : null;
  const [useRecovery, setUseRecovery] = useState(false);
  const { code, recovery } = useVerifyMfa();
  // The user is in the cache now: GuestOnly takes them on to the saved page.
  const done = (_me: TMe) => forgetSignInStep();
  const pending = code.isPending || recovery.isPending;

  if (!username || !token || !type) {
    return (
      <AuthCard title={t('mfa.title')} footer={<Link to="/login">{t('auth.forgot.back')}</Link>}>
        <Alert type="error" showIcon title={t('mfa.invalidToken')} />
      </AuthCard>
    );
  }
  const failed = useRecovery ? recovery.isError : code.isError;
  return (
    <AuthCard title={t('mfa.title')} footer={<Link to="/login">{t('auth.forgot.back')}</Link>}>
      <Typography.Paragraph>
        {t(useRecovery ? 'mfa.recoveryHint' : type === 'email' ? 'mfa.emailHint' : 'mfa.googleHint')}
      </Typography.Paragraph>
      {useRecovery ? (
        <Form
          layout="vertical"
          requiredMark={false}
          disabled={pending}
          onFinish={({ recovery_code }: { recovery_code: string }) =>
            recovery.mutate({ username, token, recovery_code }, { onSuccess: done })
          }
        >
          <Form.Item
            label={t('mfa.recoveryCode')}
            name="recovery_code"
            validateStatus={failed ? 'error' : undefined}
            help={failed ? t('mfa.invalidToken') : undefined}
            rules={[{ required: true, message: t('form_validation.required') }]}
          >
            <Input autoComplete="off" autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={pending}>
            {t('mfa.submit')}
          </Button>
        </Form>
      ) : (
        <Form<{ code: string; remember: boolean }>
          layout="vertical"
          requiredMark={false}
          disabled={pending}
          initialValues={{ remember: false }}
          onFinish={(values) =>
            code.mutate({ username, token, code: values.code, remember: values.remember }, { onSuccess: done })
          }
          onValuesChange={() => code.reset()}
        >
          <Form.Item
            label={t('mfa.code')}
            name="code"
            validateStatus={failed ? 'error' : undefined}
            help={failed ? t('mfa.invalidToken') : undefined}
            rules={[
              { required: true, message: t('form_validation.required') },
              { pattern: /^\d{6}$/, message: t('mfa.sixDigits') },
            ]}
          >
            <Input
              prefix={<SafetyOutlined />}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              autoFocus
            />
          </Form.Item>
          <Form.Item name="remember" valuePropName="checked">
            <Checkbox>{t('mfa.remember')}</Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={pending}>
            {t('mfa.submit')}
          </Button>
        </Form>
      )}
      {type === 'google' && (
        <Button type="link" style={{ paddingInline: 0, marginTop: 8 }} onClick={() => setUseRecovery(!useRecovery)}>
          {t(useRecovery ? 'mfa.useApp' : 'mfa.useRecovery')}
        </Button>
      )}
    </AuthCard>
  );
};
