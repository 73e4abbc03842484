import { ORGANISATION_MESSAGES, type TOrganisation, type TOrganisationCreate } from '@kassa/domain';
import { Alert, Button, Col, Form, Input, Row, Select, Space } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client.ts';
import { countryOptions } from '@/lib/countries.ts';
import { useSaveOrganisation } from '../api/organisation-tree.ts';
import { translateDetail } from '@/lib/form-errors.ts';

type Values = Omit<TOrganisation, 'id' | 'created_at' | 'type' | 'active' | 'mfa_required' | 'features'>;

/** Creating (below a parent) or editing an organisation; the server's field errors land on their fields. */
export const OrganisationForm = ({
  organisation,
  parent,
  tree,
  onDone,
  onCancel,
}: {
  organisation: TOrganisation | null;
  parent: string | null;
  tree: TOrganisation[];
  onDone: (saved: TOrganisation) => void;
  onCancel: () => void;
}) => {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSaveOrganisation();
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  // A parent may not be the organisation itself or one below it (that would make a cycle).
  const below = useMemo(() => {
    const ids = new Set<string>(organisation ? [organisation.id] : []);
    for (let grew = true; grew;) {
      grew = false;
      for (const org of tree) {
        if (org.parent && ids.has(org.parent) && !ids.has(org.id)) {
          ids.add(org.id);
          grew = true;
        }
      }
    }
    return ids;
  }, [organisation, tree]);
  const parents = tree.filter((org) => !below.has(org.id)).map((org) => ({ value: org.id, label: org.name }));

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(organisation ? { ...organisation } : { parent, country_code: 'NL' });
  }, [form, organisation, parent]);

  const onFinish = (values: Values) => {
    const body = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value ?? ''])) as Values;
    save.mutate(
      { id: organisation?.id ?? null, body: body as TOrganisationCreate },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          form.setFields(
            error.details
              .filter((d) => d.path.startsWith('body.'))
              .map((d) => ({
                name: d.path.split('.')[1] as keyof Values,
                errors: [translateDetail(t, d)],
              })),
          );
        },
      },
    );
  };
  const general = save.error instanceof ApiError && save.error.details.length === 0 ? save.error : null;
  const required = { required: true, whitespace: true, message: t(ORGANISATION_MESSAGES.required) };
  // The top of what this user sees: its parent is outside the user's reach, so it cannot move.
  const isRoot = organisation !== null && !tree.some((org) => org.id === organisation.parent);

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      disabled={save.isPending}
      aria-label={t(organisation ? 'organisations.edit' : 'organisations.create')}
    >
      {general && (
        <Alert
          type="error"
          showIcon
          title={t(`errors.${general.code}`, { defaultValue: general.message })}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form.Item label={t('fields:organisation.name')} name="name" rules={[required]}>
        <Input autoComplete="off" maxLength={200} />
      </Form.Item>
      {!isRoot && (
        <Form.Item
          label={t('fields:organisation.parent')}
          name="parent"
          rules={[{ required: true, message: t(ORGANISATION_MESSAGES.required) }]}
          extra={organisation?.type === 'merchant' ? t('organisations.merchantStays') : undefined}
        >
          <Select showSearch optionFilterProp="label" options={parents} disabled={organisation?.type === 'merchant'} />
        </Form.Item>
      )}
      <Form.Item
        label={t('fields:organisation.email')}
        name="email"
        rules={[{ type: 'email', message: t(ORGANISATION_MESSAGES.email) }]}
      >
        <Input autoComplete="off" inputMode="email" />
      </Form.Item>
      <Form.Item label={t('fields:organisation.phone')} name="phone">
        <Input autoComplete="off" inputMode="tel" />
      </Form.Item>
      <Row gutter={12}>
        <Col span={16}>
          <Form.Item label={t('fields:organisation.street')} name="street">
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            label={t('fields:organisation.street_number')}
            name="street_number"
            rules={[{ pattern: /^\d*$/, message: t(`organisations.${ORGANISATION_MESSAGES.invalidNumber}`) }]}
          >
            <Input autoComplete="off" inputMode="numeric" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={t('fields:organisation.extended_address')} name="extended_address">
        <Input autoComplete="off" />
      </Form.Item>
      <Row gutter={12}>
        <Col span={8}>
          <Form.Item label={t('fields:organisation.postal_code')} name="postal_code">
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={16}>
          <Form.Item label={t('fields:organisation.locality')} name="locality">
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={t('fields:organisation.region')} name="region">
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        label={t('fields:organisation.country_code')}
        name="country_code"
        rules={[{ required: true, message: t(ORGANISATION_MESSAGES.required) }]}
      >
        <Select showSearch optionFilterProp="label" options={countries} />
      </Form.Item>
      <Form.Item label={t('fields:organisation.tax_number')} name="tax_number">
        <Input autoComplete="off" />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('organisations.save')}
        </Button>
        <Button onClick={onCancel}>{t('organisations.cancel')}</Button>
      </Space>
    </Form>
  );
};
