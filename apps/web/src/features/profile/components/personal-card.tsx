import type { TLanguage, TMe } from '@kassa/domain';
import { Alert, Button, Card, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../components/server-error-alert.tsx';
import { useServerError } from '../../../lib/use-server-error.ts';
import { changeLanguage } from '../../../lib/i18n.ts';
import { LANGUAGES, resolveLanguage } from '../../../lib/languages.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

/** Name and language; a new language also switches the interface at once. */
export const PersonalCard = ({ me }: { me: TMe }) => {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const [form] = Form.useForm<{ name: string; language: TLanguage }>();
  const serverError = useServerError(form);
  const onFinish = (values: { name: string; language: TLanguage }) =>
    update.mutate(values, {
      onSuccess: () => void changeLanguage(values.language),
      onError: serverError.show,
    });
  return (
    <Card title={t('profile.personal')}>
      {update.isSuccess && <Alert type="success" showIcon role="status" title={t('profile.saved')} style={{ marginBottom: 16 }} />}
      <ServerErrorAlert message={serverError.message} />
      <Form form={form} layout="vertical" requiredMark={false} initialValues={{ name: me.name, language: resolveLanguage(me.language) }} onFinish={onFinish} disabled={update.isPending} onValuesChange={() => { update.reset(); serverError.clear(); }}>
        <Form.Item label={t('profile.email')} htmlFor="profile-email">
          <Input id="profile-email" value={me.email} disabled />
        </Form.Item>
        <Form.Item label={t('profile.name')} name="name" rules={[{ required: true, whitespace: true, message: t('form_validation.required') }]}>
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item label={t('profile.language')} name="language">
          <Select options={LANGUAGES.map((language) => ({ value: language, label: t(`header.languages.${language}`) }))} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={update.isPending}>{t('profile.save')}</Button>
      </Form>
    </Card>
  );
};
