import { ZMfaDisableBody, type TMe, type TMfaEnrolment, type TMfaType } from '@kassa/domain';
import { Alert, Button, Card, Form, Input, Modal, Radio, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { MfaEnrolmentView, RecoveryCodes } from '@/components/mfa-enrolment-view.tsx';
import { ServerErrorAlert } from '@/components/server-error-alert.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { showServerError } from '@/lib/form-errors.ts';
import { useEntityForm } from '@/lib/use-entity-form.ts';
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
  // A wrong password keeps the dialog open with the refusal on the field; MFA required by the
  // organisation closes it and says so on the card.
  const disableForm = useEntityForm<{ password: string }, z.output<typeof ZMfaDisableBody>>({
    schema: ZMfaDisableBody,
    save: ({ password }) =>
      disable.mutateAsync(password).catch((error: unknown) => {
        if (!(error instanceof ApiError && error.code === 'mfa_enforced')) throw error;
        return null;
      }),
    onSaved: () => setAskPassword(false),
  });
  const [startError, setStartError] = useState<string | null>(null);

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
          <ServerErrorAlert message={startError} />
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
                setStartError(null);
                start.mutate(method, {
                  onSuccess: (result) => {
                    setCodes([]);
                    setEnrolment(result);
                  },
                  onError: (error) => setStartError(showServerError(null, t, error)),
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
        <ServerErrorAlert message={disableForm.message} />
        <Form<{ password: string }> {...disableForm.formProps} requiredMark={false} disabled={disableForm.saving}>
          <Form.Item label={t('profile.currentPassword')} name="password">
            <Input.Password autoComplete="current-password" autoFocus />
          </Form.Item>
          <Button danger type="primary" htmlType="submit" loading={disableForm.saving} disabled={disableForm.saving}>
            {t('profile.mfaDisable')}
          </Button>
        </Form>
      </Modal>
    </Card>
  );
};
