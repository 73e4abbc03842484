import { ZWelcomeMailBody } from '@kassa/domain';
import { App, Button, Form, Input, Popconfirm } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextEditor } from '@/components/rich-text-editor.tsx';
import { FormDrawer } from '@/components/form-drawer.tsx';
import { showServerError } from '@/lib/form-errors.ts';
import { useEntityForm } from '@/lib/use-entity-form.ts';
import { useWelcomeMail } from '../api/get-welcome-mail.ts';
import { useWelcomeMailMutations } from '../api/save-welcome-mail.ts';

type Values = { name: string; content: string };

/** "Welcome mail": name and rich-text content; create when `id` is null, otherwise update or delete. */
export const WelcomeMailDetail = ({
  id,
  canEdit,
  onClose,
}: {
  id: string | null;
  canEdit: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const mail = useWelcomeMail(id);
  const { save, remove } = useWelcomeMailMutations();
  const { message } = App.useApp();
  const [removeError, setRemoveError] = useState<string | null>(null);
  const entity = useEntityForm({
    schema: ZWelcomeMailBody,
    toBody: ({ name, content }: Values) => ({ id: id ?? undefined, name, content }),
    save: (body) => save.mutateAsync(body),
    onSaved: () => {
      void message.success(t('welcomeMails.saved'));
      onClose();
    },
  });
  const { form } = entity;
  useEffect(() => {
    if (mail.data) form.setFieldsValue({ name: mail.data.name, content: mail.data.content });
  }, [mail.data, form]);
  return (
    <FormDrawer
      onClose={onClose}
      title={t('welcomeMails.detailTitle')}
      size={760}
      loading={Boolean(id) && mail.isPending}
      entity={canEdit ? entity : undefined}
      serverError={entity.message ?? removeError}
      submitLabel={t('welcomeMails.save')}
      actions={
        canEdit &&
        id && (
          <Popconfirm
            title={t('welcomeMails.deleteConfirm')}
            onConfirm={() =>
              remove.mutate(id, {
                onSuccess: onClose,
                onError: (error) => setRemoveError(showServerError(null, t, error)),
              })
            }
            okText={t('welcomeMails.delete')}
            cancelText={t('profile.cancel')}
          >
            <Button danger loading={remove.isPending}>
              {t('welcomeMails.delete')}
            </Button>
          </Popconfirm>
        )
      }
    >
      <Form<Values> {...entity.formProps} disabled={!canEdit}>
        <Form.Item label={t('fields:welcome_mail.name')} name="name" required>
          <Input />
        </Form.Item>
        <Form.Item
          label={t('fields:welcome_mail.content')}
          name="content"
          extra={t('welcomeMails.placeholders', {
            name: '{{name}}',
            link: '{{link}}',
            interpolation: { escapeValue: false },
          })}
          required
        >
          <RichTextEditor label={t('fields:welcome_mail.content')} />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
};
