import type { TMe, TMfaEnrolment, TMfaType } from '@kassa/domain';
import { Alert, Button, Card, Form, Input, Modal, Radio, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MfaEnrolmentView, RecoveryCodes } from '@/components/mfa-enrolment-view.tsx';
import { ServerErrorAlert } from '@/components/server-error-alert.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useServerError } from '@/lib/use-server-error.ts';
import { useProfileMfa } from '../api/mfa.ts';

/** Turns MFA on (authenticator app or e-mail, confirmed by a first code) or off (with the password). */
export const MfaCard = ({ me }: { me: TMe }) => {
  const { t } = useTranslation();
  const { start, confirm, disable } = useProfileMfa();
  const [method, setMethod] = useState<TMfaType>('google');
  const [enrolment, setEnrolment] = useState<TMfaEnrolment | null>(null);
  const [codes, setCodes] = useState<string[]>([]);
  const [askPassword, setAskPassword] = useState(false);
  const enforced = disable.error instanceof ApiError && disable.error.code === 'mfa_enforced';
  const [passwordForm] = Form.useForm<{ password: string }>();
  const disableError = useServerError(passwordForm);
  const startError = useServerError(null);

  return (
    <Card
      title={t('profile.mfaTitle')}
      extra={
        me.mfa.enabled ? <Tag color="success">{t(`mfa.types.${me.mfa.type}`)}</Tag> : <Tag>{t('profile.mfaOff')}</Tag>
      }
    >
      {codes.length > 0 && <RecoveryCodes codes={codes} />}
      {enrolment ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <MfaEnrolmentView
            enrolment={enrolment}
            pending={confirm.isPending}
            invalid={confirm.isError}
            onConfirm={(code) =>
              confirm.mutate(
                { token: enrolment.token, code },
                {
                  onSuccess: (result) => {
                    setEnrolment(null);
                    setCodes(result.recovery_codes);
                  },
                },
              )
            }
          />
          <Button type="link" onClick={() => setEnrolment(null)}>
            {t('profile.cancel')}
          </Button>
        </Space>
      ) : (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Text type="secondary">
            {t(me.mfa.enabled ? 'profile.mfaOnHint' : 'profile.mfaOffHint')}
          </Typography.Text>
          {enforced && <Alert type="warning" showIcon title={t('errors.mfa_enforced')} />}
          <ServerErrorAlert message={startError.message} />
          <Radio.Group
            value={method}
            onChange={(event) => setMethod(event.target.value as TMfaType)}
            aria-label={t('mfa.setup.method')}
          >
            <Radio value="google">{t('mfa.types.google')}</Radio>
            <Radio value="email">{t('mfa.types.email')}</Radio>
          </Radio.Group>
          <Space wrap>
            <Button
              type="primary"
              loading={start.isPending}
              onClick={() => {
                startError.clear();
                start.mutate(method, {
                  onSuccess: (result) => {
                    setCodes([]);
                    setEnrolment(result);
                  },
                  onError: startError.show,
                });
              }}
            >
              {t(me.mfa.enabled ? 'profile.mfaSwitch' : 'profile.mfaEnable')}
            </Button>
            {me.mfa.enabled && (
              <Button danger onClick={() => setAskPassword(true)}>
                {t('profile.mfaDisable')}
              </Button>
            )}
          </Space>
        </Space>
      )}
      <Modal
        open={askPassword}
        title={t('profile.mfaDisable')}
        footer={null}
        onCancel={() => setAskPassword(false)}
        destroyOnHidden
      >
        <ServerErrorAlert message={disableError.message} />
        {/* A wrong password keeps the dialog open with the refusal on the field; MFA required by the organisation closes it and says so on the card. */}
        <Form
          form={passwordForm}
          layout="vertical"
          requiredMark={false}
          disabled={disable.isPending}
          onFinish={({ password }: { password: string }) => {
            disableError.clear();
            disable.mutate(password, {
              onSuccess: () => setAskPassword(false),
              onError: (error) =>
                error instanceof ApiError && error.code === 'mfa_enforced'
                  ? setAskPassword(false)
                  : disableError.show(error),
            });
          }}
        >
          <Form.Item
            label={t('profile.currentPassword')}
            name="password"
            rules={[{ required: true, message: t('form_validation.required') }]}
          >
            <Input.Password autoComplete="current-password" autoFocus />
          </Form.Item>
          <Button danger type="primary" htmlType="submit" loading={disable.isPending}>
            {t('profile.mfaDisable')}
          </Button>
        </Form>
      </Modal>
    </Card>
  );
};
