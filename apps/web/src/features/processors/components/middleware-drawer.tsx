import { access, hasAccess, type TMiddlewareCreate } from '@kassa/domain';
import { Alert, Button, Drawer, Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client.ts';
import { useMe } from '@/lib/session.ts';
import { useMiddleware, useSaveMiddleware } from '../api/processors.ts';

type Values = { name: string; provider: string };

/** Middleware: a name and its provider (risk-config.md §3). */
export const MiddlewareDrawer = ({ id, onClose }: { id: string | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { data: me } = useMe();
  const middleware = useMiddleware(id);
  const save = useSaveMiddleware();
  const canEdit = hasAccess(me?.roles ?? [], access.pspMiddleware.edit);
  const required = { required: true, whitespace: true, message: t('form_validation.required') };
  useEffect(() => {
    form.resetFields();
    if (middleware.data) form.setFieldsValue(middleware.data);
  }, [form, middleware.data]);
  const onFinish = (values: Values) =>
    save.mutate(
      { id, body: (id ? values : { ...values, organisation: me?.organisation.id }) as TMiddlewareCreate },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          form.setFields(
            error.details
              .filter((d) => d.path.startsWith('body.'))
              .map((d) => ({
                name: d.path.split('.')[1] as keyof Values,
                errors: [t(d.message, { defaultValue: d.message })],
              })),
          );
        },
      },
    );
  const general = save.error instanceof ApiError && save.error.details.length === 0 ? save.error : null;
  return (
    <Drawer
      open
      onClose={onClose}
      title={middleware.data?.name ?? t('processors.createMiddleware')}
      size={520}
      destroyOnHidden
      closable={{ 'aria-label': t('detail.close') }}
      loading={Boolean(id) && middleware.isPending}
    >
      {general && (
        <Alert
          type="error"
          showIcon
          title={t(`errors.${general.code}`, { defaultValue: general.message })}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        disabled={!canEdit || save.isPending}
      >
        <Form.Item label={t('fields:middleware.name')} name="name" rules={[required]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('fields:middleware.provider')} name="provider" rules={[required]}>
          <Input autoComplete="off" />
        </Form.Item>
        {canEdit && (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('processors.save')}
          </Button>
        )}
      </Form>
    </Drawer>
  );
};
