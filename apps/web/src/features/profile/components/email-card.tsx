import { Alert, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '@/components/server-error-alert.tsx';
import { useServerError } from '@/lib/use-server-error.ts';
import { emailRule } from '@/lib/email-rule.ts';
import { useRequestEmailChange } from '../api/request-email-change.ts';

/** A new e-mail address takes effect once the link mailed to it is used. */
export const EmailCard = () => {
  const { t } = useTranslation();
  const request = useRequestEmailChange();
  const [form] = Form.useForm<{ email: string }>();
  const serverError = useServerError(form);
  return (
    <Card title={t('profile.emailTitle')}>
      {request.isSuccess && (
        <Alert type="success" showIcon role="status" title={t('profile.emailSent')} style={{ marginBottom: 16 }} />
      )}
      <ServerErrorAlert message={serverError.message} />
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={({ email }: { email: string }) => request.mutate(email.trim(), { onError: serverError.show })}
        disabled={request.isPending}
        onValuesChange={() => {
          request.reset();
          serverError.clear();
        }}
      >
        <Form.Item
          label={t('profile.newEmail')}
          name="email"
          rules={[{ required: true, message: t('form_validation.required') }, emailRule(t('form_validation.email'))]}
        >
          <Input autoComplete="email" inputMode="email" />
        </Form.Item>
        <Button htmlType="submit" loading={request.isPending}>
          {t('profile.sendEmailLink')}
        </Button>
      </Form>
    </Card>
  );
};
