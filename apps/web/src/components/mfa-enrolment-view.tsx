import { Alert, Button, Form, Input, Space, Typography } from 'antd';
import type { TMfaEnrolment } from '@kassa/domain';
import { useTranslation } from 'react-i18next';

/**
 * The middle of an MFA enrolment: the QR code and the secret of an authenticator app, or the
 * note that a code was mailed; then the first code. Used by forced enrolment and the profile.
 */
export const MfaEnrolmentView = ({
  enrolment,
  pending,
  invalid,
  onConfirm,
}: {
  enrolment: TMfaEnrolment;
  pending: boolean;
  invalid: boolean;
  onConfirm: (code: string) => void;
}) => {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {enrolment.type === 'google' ? (
        <>
          <Typography.Text>{t('mfa.enrol.scan')}</Typography.Text>
          {enrolment.qr_code && (
            <img
              src={enrolment.qr_code}
              alt={t('mfa.enrol.qrAlt')}
              width={200}
              height={200}
              style={{ display: 'block', margin: '0 auto' }}
            />
          )}
          <Typography.Text>{t('mfa.enrol.secret')}</Typography.Text>
          <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
            {enrolment.secret}
          </Typography.Text>
        </>
      ) : (
        <Alert type="info" showIcon title={t('mfa.enrol.emailSent')} />
      )}
      <Form
        layout="vertical"
        requiredMark={false}
        onFinish={({ code }: { code: string }) => onConfirm(code)}
        disabled={pending}
      >
        <Form.Item
          label={t('mfa.code')}
          name="code"
          validateStatus={invalid ? 'error' : undefined}
          help={invalid ? t('mfa.invalidToken') : undefined}
          rules={[
            { required: true, message: t('form_validation.required') },
            { pattern: /^\d{6}$/, message: t('mfa.sixDigits') },
          ]}
        >
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={pending}>
          {t('mfa.enrol.confirm')}
        </Button>
      </Form>
    </Space>
  );
};

/** The recovery codes of a new authenticator enrolment: shown once. */
export const RecoveryCodes = ({ codes }: { codes: string[] }) => {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Alert type="warning" showIcon title={t('mfa.recovery.title')} description={t('mfa.recovery.hint')} />
      <Typography.Paragraph
        copyable={{ text: codes.join('\n') }}
        style={{ fontFamily: 'monospace', columns: 2, margin: 0 }}
      >
        {codes.map((code) => (
          <div key={code}>{code}</div>
        ))}
      </Typography.Paragraph>
    </Space>
  );
};
