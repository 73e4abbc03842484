import { STATUS_UPDATE_STATUSES } from '@kassa/domain';
import { Button, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '@/components/form-drawer.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useServerError } from '@/lib/use-server-error.ts';
import { useCreateStatusUpdate } from '../api/create-status-update.ts';

type Values = { type: 'transaction' | 'refund'; id: string; status: string };

/** The create form of portal.md §2.4: type, id and status, all required; status options follow the type. */
export const StatusUpdateForm = ({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
}) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const create = useCreateStatusUpdate();
  const serverError = useServerError(form);
  const type = (Form.useWatch('type', form) ?? 'transaction') as Values['type'];
  const onFinish = (values: Values) =>
    create.mutate(
      { type: values.type, [values.type]: values.id.trim(), status: values.status },
      {
        onSuccess: (created) => onCreated(created.id),
        onError: (error) =>
          serverError.show(
            // The id field holds the transaction's or the refund's id, which the server names by its type.
            error instanceof ApiError
              ? new ApiError(error.status, {
                  code: error.code,
                  message: error.message,
                  details: error.details.map((d) => ({
                    ...d,
                    path: d.path.replace(/^body\.(transaction|refund)$/, 'body.id'),
                  })),
                })
              : error,
          ),
      },
    );
  return (
    <FormDrawer
      open={open}
      title={t('admin.createStatusUpdate')}
      onClose={onClose}
      size={480}
      serverError={serverError.message}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        disabled={create.isPending}
        initialValues={{ type: 'transaction' }}
        onValuesChange={(changed: Partial<Values>) => changed.type && form.setFieldValue('status', undefined)}
      >
        <Form.Item
          label={t('fields:statusupdate.type')}
          name="type"
          rules={[{ required: true, message: t('form_validation.required') }]}
        >
          <Select
            options={(['transaction', 'refund'] as const).map((value) => ({ value, label: t(`admin.types.${value}`) }))}
          />
        </Form.Item>
        <Form.Item
          label={t('fields:statusupdate.item_id')}
          name="id"
          rules={[{ required: true, whitespace: true, message: t('form_validation.required') }]}
        >
          <Input autoComplete="off" maxLength={64} />
        </Form.Item>
        <Form.Item
          label={t('fields:statusupdate.status')}
          name="status"
          rules={[{ required: true, message: t('form_validation.required') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={STATUS_UPDATE_STATUSES[type].map((value) => ({
              value,
              label: t(`statuses.${type}.${value}`, { defaultValue: value }),
            }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          {t('admin.save')}
        </Button>
      </Form>
    </FormDrawer>
  );
};
