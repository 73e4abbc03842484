import type { TLanguage, TMe } from '@kassa/domain';
import { Alert, Button, Card, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../../lib/i18n.ts';
import { LANGUAGES, resolveLanguage } from '../../../lib/languages.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

/** Name and language; a new language also switches the interface at once. */
export const PersonalCard = ({ me }: { me: TMe }) => {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const onFinish = (values: { name: string; language: TLanguage }) =>
    update.mutate(values, {
      onSuccess: () => void changeLanguage(values.language),
    });
  return (
    <Card title={t('profile.personal')}>
      {update.isSuccess && <Alert type="success" showIcon role="status" title={t('profile.saved')} style={{ marginBottom: 16 }} />}
      <Form layout="vertical" requiredMark={false} initialValues={{ name: me.name, language: resolveLanguage(me.language) }} onFinish={onFinish} disabled={update.isPending} onValuesChange={() => update.reset()}>
        <Form.Item label={t('profile.email')}>
          <Input value={me.email} disabled />
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
