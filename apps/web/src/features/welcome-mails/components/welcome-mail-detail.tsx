import { WELCOME_LINK_PLACEHOLDER } from '@kassa/domain';
import { App, Button, Drawer, Form, Input, Popconfirm, Skeleton, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextEditor } from '@/components/rich-text-editor.tsx';
import { ServerErrorAlert } from '@/components/server-error-alert.tsx';
import { useServerError } from '@/lib/use-server-error.ts';
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
  const [form] = Form.useForm<Values>();
  const mail = useWelcomeMail(id);
  const { save, remove } = useWelcomeMailMutations();
  const serverError = useServerError(form);
  const { message } = App.useApp();
  useEffect(() => {
    if (mail.data) form.setFieldsValue({ name: mail.data.name, content: mail.data.content });
  }, [mail.data, form]);
  const onFinish = (values: Values) => {
    serverError.clear();
    save.mutate(
      { id: id ?? undefined, name: values.name, content: values.content },
      {
        onSuccess: () => {
          void message.success(t('welcomeMails.saved'));
          onClose();
        },
        onError: serverError.show,
      },
    );
  };
  return (
    <Drawer
      open
      onClose={onClose}
      title={t('welcomeMails.detailTitle')}
      size={760}
      destroyOnHidden
      closable={{ 'aria-label': t('detail.close') }}
    >
      {id && mail.isPending ? (
        <Skeleton active />
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
          disabled={!canEdit || save.isPending}
        >
          <ServerErrorAlert message={serverError.message} />
          <Form.Item
            label={t('fields:welcome_mail.name')}
            name="name"
            rules={[{ required: true, whitespace: true, message: t('form_validation.required') }]}
          >
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
            rules={[
              { required: true, message: t('form_validation.required') },
              {
                validator: (_, value?: string) =>
                  !value || value.includes(WELCOME_LINK_PLACEHOLDER)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('welcomeMails.linkMissing', { link: WELCOME_LINK_PLACEHOLDER }))),
              },
            ]}
          >
            <RichTextEditor label={t('fields:welcome_mail.content')} />
          </Form.Item>
          {canEdit && (
            <Space>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {t('welcomeMails.save')}
              </Button>
              {id && (
                <Popconfirm
                  title={t('welcomeMails.deleteConfirm')}
                  onConfirm={() => remove.mutate(id, { onSuccess: onClose, onError: serverError.show })}
                  okText={t('welcomeMails.delete')}
                  cancelText={t('profile.cancel')}
                >
                  <Button danger loading={remove.isPending}>
                    {t('welcomeMails.delete')}
                  </Button>
                </Popconfirm>
              )}
            </Space>
          )}
        </Form>
      )}
    </Drawer>
  );
};
