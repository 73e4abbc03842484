import { STATISTICS_TIME_ZONE, ZProfileUpdateBody, type TLanguage, type TMe } from '@kassa/domain';
import { Alert, Button, Card, Form, Input, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ServerErrorAlert } from '@/components/server-error-alert.tsx';
import { useEntityForm } from '@/lib/use-entity-form.ts';
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
  const entity = useEntityForm<Personal, z.output<typeof ZProfileUpdateBody>>({
    schema: ZProfileUpdateBody,
    save: (body) => update.mutateAsync(body as Personal),
    onSaved: (_, body) => void (body.language && changeLanguage(body.language)),
  });
  const zones = useMemo(() => timeZoneOptions(me.time_zone), [me.time_zone]);
  return (
    <Card title={t('profile.personal')}>
      {update.isSuccess && (
        <Alert type="success" showIcon role="status" title={t('profile.saved')} style={{ marginBottom: 16 }} />
      )}
      <ServerErrorAlert message={entity.message} />
      <Form<Personal>
        {...entity.formProps}
        requiredMark={false}
        initialValues={{
          name: me.name,
          language: resolveLanguage(i18n.language),
          time_zone: me.time_zone || STATISTICS_TIME_ZONE,
        }}
        disabled={entity.saving}
        onValuesChange={(changed: object) => {
          update.reset();
          entity.formProps.onValuesChange(changed);
        }}
      >
        <Form.Item label={t('profile.email')} htmlFor="profile-email">
          <Input id="profile-email" value={me.email} disabled />
        </Form.Item>
        <Form.Item label={t('profile.name')} name="name">
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item label={t('profile.language')} name="language">
          <Select
            options={LANGUAGES.map((language) => ({ value: language, label: t(`header.languages.${language}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('profile.timeZone')} name="time_zone" extra={t('profile.timeZoneHelp')}>
          <Select showSearch options={zones} optionFilterProp="label" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={entity.saving} disabled={entity.saving}>
          {t('profile.save')}
        </Button>
      </Form>
    </Card>
  );
};
