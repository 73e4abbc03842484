import { ZChangeEmailBody } from '@kassa/domain';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ServerErrorAlert } from '@/components/server-error-alert.tsx';
import { useEntityForm } from '@/lib/use-entity-form.ts';
import { useRequestEmailChange } from '../api/request-email-change.ts';

/** A new e-mail address takes effect once the link mailed to it is used. */
export const EmailCard = () => {
  const { t } = useTranslation();
  const request = useRequestEmailChange();
  const entity = useEntityForm<{ email: string }, z.output<typeof ZChangeEmailBody>>({
    schema: ZChangeEmailBody,
    save: ({ email }) => request.mutateAsync(email),
  });
  return (
    <Card title={t('profile.emailTitle')}>
      {request.isSuccess && (
        <Alert type="success" showIcon role="status" title={t('profile.emailSent')} style={{ marginBottom: 16 }} />
      )}
      <ServerErrorAlert message={entity.message} />
      <Form<{ email: string }>
        {...entity.formProps}
        requiredMark={false}
        disabled={entity.saving}
        onValuesChange={(changed: object) => {
          request.reset();
          entity.formProps.onValuesChange(changed);
        }}
      >
        <Form.Item label={t('profile.newEmail')} name="email">
          <Input autoComplete="email" inputMode="email" />
        </Form.Item>
        <Button htmlType="submit" loading={entity.saving} disabled={entity.saving}>
          {t('profile.sendEmailLink')}
        </Button>
      </Form>
    </Card>
  );
};
