import { access, hasAccess, ZMiddlewareCreate, ZMiddlewareUpdate, type TMiddlewareCreate } from '@kassa/domain';
import { Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDrawer } from '@/components/form-drawer.tsx';
import { useMe } from '@/lib/session.ts';
import { useEntityForm } from '@/lib/use-entity-form.ts';
import { useMiddleware, useSaveMiddleware } from '../api/processors.ts';

type Values = { name: string; provider: string };

/** Middleware: a name and its provider (risk-config.md §3). */
export const MiddlewareDrawer = ({ id, onClose }: { id: string | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const middleware = useMiddleware(id);
  const save = useSaveMiddleware();
  const canEdit = hasAccess(me?.roles ?? [], access.pspMiddleware.edit);
  const entity = useEntityForm({
    schema: (id ? ZMiddlewareUpdate : ZMiddlewareCreate) as z.ZodType<TMiddlewareCreate>,
    // The form holds the loaded row: only its own fields are sent, the organisation only on create.
    toBody: ({ name, provider }: Values) =>
      id ? { name, provider } : { name, provider, organisation: me?.organisation.id ?? '' },
    save: (body) => save.mutateAsync({ id, body }),
    onSaved: onClose,
    fields: ['name', 'provider'],
  });
  const { form } = entity;
  useEffect(() => {
    form.resetFields();
    if (middleware.data) form.setFieldsValue(middleware.data);
  }, [form, middleware.data]);
  return (
    <FormDrawer
      title={middleware.data?.name ?? t('processors.createMiddleware')}
      onClose={onClose}
      loading={Boolean(id) && middleware.isPending}
      entity={canEdit ? entity : undefined}
      submitLabel={t('processors.save')}
    >
      <Form<Values> {...entity.formProps} requiredMark={false} disabled={!canEdit || entity.saving}>
        <Form.Item label={t('fields:middleware.name')} name="name">
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('fields:middleware.provider')} name="provider">
          <Input autoComplete="off" />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
};
