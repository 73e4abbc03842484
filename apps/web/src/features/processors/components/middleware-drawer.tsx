import { access, hasAccess, type TMiddlewareCreate } from '@kassa/domain';
import { Button, Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '@/components/form-drawer.tsx';
import { useServerError } from '@/lib/use-server-error.ts';
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
  const serverError = useServerError(form);
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
        onError: serverError.show,
      },
    );
  return (
    <FormDrawer
      title={middleware.data?.name ?? t('processors.createMiddleware')}
      onClose={onClose}
      loading={Boolean(id) && middleware.isPending}
      serverError={serverError.message}
    >
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
    </FormDrawer>
  );
};
