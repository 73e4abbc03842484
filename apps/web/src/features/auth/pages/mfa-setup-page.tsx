import type { TMe, TMfaEnrolment, TMfaType } from '@kassa/domain';
import { Alert, Button, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { MfaEnrolmentView, RecoveryCodes } from '@/components/mfa-enrolment-view.tsx';
import { forgetSignInStep, readSignInStep } from '@/lib/sign-in-step.ts';
import { useConfirmMfaSetup, useFinishSignIn, useStartMfaSetup } from '../api/mfa-setup.ts';
import { AuthCard } from '../components/auth-card.tsx';

/** /mfa/setup: forced enrolment when the organisation requires MFA (portal.md §2.1). */
export const MfaSetupPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [token] = useState(() => readSignInStep()?.token ?? '');
  const required: TMfaType = params.get('required_type') === 'google' ? 'google' : 'email';
  const [method, setMethod] = useState<TMfaType>(required);
  const [enrolment, setEnrolment] = useState<TMfaEnrolment | null>(null);
  const [finished, setFinished] = useState<{ user: TMe; codes: string[] } | null>(null);
  const start = useStartMfaSetup();
  const confirm = useConfirmMfaSetup();
  const finishSignIn = useFinishSignIn();
  const proceed = (user: TMe) => {
    forgetSignInStep();
    // GuestOnly takes the signed-in user on to the saved page.
    finishSignIn(user);
  };
  const back = <Link to="/login">{t('auth.forgot.back')}</Link>;

  if (!token)
    return (
      <AuthCard title={t('mfa.setup.title')} footer={back}>
        <Alert type="error" showIcon title={t('mfa.invalidToken')} />
      </AuthCard>
    );
  if (finished) {
    return (
      <AuthCard title={t('mfa.setup.title')}>
        <RecoveryCodes codes={finished.codes} />
        <Button type="primary" block style={{ marginTop: 16 }} onClick={() => proceed(finished.user)}>
          {t('mfa.setup.continue')}
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('mfa.setup.title')} footer={back}>
      <Alert type="info" showIcon title={t('mfa.setup.required')} style={{ marginBottom: 16 }} />
      {start.isError && (
        <Alert type="error" showIcon role="alert" title={t('mfa.invalidToken')} style={{ marginBottom: 16 }} />
      )}
      {!enrolment ? (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Text strong>{t('mfa.setup.method')}</Typography.Text>
          <Radio.Group
            value={method}
            onChange={(event) => setMethod(event.target.value as TMfaType)}
            aria-label={t('mfa.setup.method')}
          >
            <Space orientation="vertical">
              <Radio value="google">{t('mfa.types.google')}</Radio>
              <Radio value="email" disabled={required === 'google'}>
                {t('mfa.types.email')}
              </Radio>
            </Space>
          </Radio.Group>
          <Button
            type="primary"
            block
            loading={start.isPending}
            onClick={() => start.mutate({ token, type: method }, { onSuccess: setEnrolment })}
          >
            {t('mfa.setup.start')}
          </Button>
        </Space>
      ) : (
        <MfaEnrolmentView
          enrolment={enrolment}
          pending={confirm.isPending}
          invalid={confirm.isError}
          onConfirm={(code) =>
            confirm.mutate(
              { token, code },
              {
                onSuccess: (result) => {
                  if (!result.user) return;
                  if (result.recovery_codes.length) setFinished({ user: result.user, codes: result.recovery_codes });
                  else proceed(result.user);
                },
              },
            )
          }
        />
      )}
    </AuthCard>
  );
};
