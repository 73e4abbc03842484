import { Alert, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { useRequestEmailChange } from '../api/request-email-change.ts';

/** A new e-mail address takes effect once the link mailed to it is used. */
export const EmailCard = () => {
  const { t } = useTranslation();
  const request = useRequestEmailChange();
  const error = request.error instanceof ApiError ? request.error : null;
  return (
    <Card title={t('profile.emailTitle')}>
      {request.isSuccess && <Alert type="success" showIcon role="status" title={t('profile.emailSent')} style={{ marginBottom: 16 }} />}
      <Form layout="vertical" requiredMark={false} onFinish={({ email }: { email: string }) => request.mutate(email.trim())} disabled={request.isPending} onValuesChange={() => request.reset()}>
        <Form.Item
          label={t('profile.newEmail')}
          name="email"
          validateStatus={error ? 'error' : undefined}
          help={error ? t(`errors.${error.code}`, { defaultValue: t('errors.unknown') }) : undefined}
          rules={[
            { required: true, message: t('form_validation.required') },
            { type: 'email', message: t('form_validation.email') },
          ]}
        >
          <Input autoComplete="email" inputMode="email" />
        </Form.Item>
        <Button htmlType="submit" loading={request.isPending}>{t('profile.sendEmailLink')}</Button>
      </Form>
    </Card>
  );
};
