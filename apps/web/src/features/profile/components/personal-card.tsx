import { isTimeZone, STATISTICS_TIME_ZONE, type TLanguage, type TMe } from '@kassa/domain';
import { Alert, Button, Card, Form, Input, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '@/components/server-error-alert.tsx';
import { useServerError } from '@/lib/use-server-error.ts';
import { changeLanguage } from '@/lib/i18n.ts';
import { LANGUAGES, resolveLanguage } from '@/lib/languages.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

type Personal = { name: string; language: TLanguage; time_zone: string };

/** Every IANA zone this browser knows, the user's own first if it is not among them. */
const timeZoneOptions = (own: string) => {
  const zones = Intl.supportedValuesOf('timeZone');
  return (zones.includes(own) ? zones : [own, ...zones]).map((zone) => ({
    value: zone,
    label: zone.replaceAll('_', ' '),
  }));
};

/**
 * Name, language and time zone; a new language also switches the interface at once. The language
 * shown is the one the interface is in (chosen on this device), not an older stored preference:
 * saving a new time zone must not switch the interface to a language the person is not looking at.
 */
export const PersonalCard = ({ me }: { me: TMe }) => {
  const { t, i18n } = useTranslation();
  const update = useUpdateProfile();
  const [form] = Form.useForm<Personal>();
  const serverError = useServerError(form);
  const zones = useMemo(() => timeZoneOptions(me.time_zone), [me.time_zone]);
  const onFinish = (values: Personal) =>
    update.mutate(values, {
      onSuccess: () => void changeLanguage(values.language),
      onError: serverError.show,
    });
  return (
    <Card title={t('profile.personal')}>
      {update.isSuccess && (
        <Alert type="success" showIcon role="status" title={t('profile.saved')} style={{ marginBottom: 16 }} />
      )}
      <ServerErrorAlert message={serverError.message} />
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{
          name: me.name,
          language: resolveLanguage(i18n.language),
          time_zone: me.time_zone || STATISTICS_TIME_ZONE,
        }}
        onFinish={onFinish}
        disabled={update.isPending}
        onValuesChange={() => {
          update.reset();
          serverError.clear();
        }}
      >
        <Form.Item label={t('profile.email')} htmlFor="profile-email">
          <Input id="profile-email" value={me.email} disabled />
        </Form.Item>
        <Form.Item
          label={t('profile.name')}
          name="name"
          rules={[{ required: true, whitespace: true, message: t('form_validation.required') }]}
        >
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item label={t('profile.language')} name="language">
          <Select
            options={LANGUAGES.map((language) => ({ value: language, label: t(`header.languages.${language}`) }))}
          />
        </Form.Item>
        <Form.Item
          label={t('profile.timeZone')}
          name="time_zone"
          extra={t('profile.timeZoneHelp')}
          rules={[
            {
              validator: (_, value: string) =>
                isTimeZone(value) ? Promise.resolve() : Promise.reject(new Error(t('form_validation.time_zone'))),
            },
          ]}
        >
          <Select showSearch options={zones} optionFilterProp="label" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('profile.save')}
        </Button>
      </Form>
    </Card>
  );
};
