import { STATUS_UPDATE_STATUSES, ZStatusUpdateCreate } from '@kassa/domain';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '@/components/form-drawer.tsx';
import { useEntityForm } from '@/lib/use-entity-form.ts';
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
  const create = useCreateStatusUpdate();
  const entity = useEntityForm({
    schema: ZStatusUpdateCreate,
    toBody: (values: Values) => ({ type: values.type, [values.type]: values.id, status: values.status }),
    save: (body) => create.mutateAsync(body),
    onSaved: (created) => onCreated(created.id),
    // The id field holds the transaction's or the refund's id, which the body names by its type.
    renamePath: (path) => path.replace(/^(body\.)?(transaction|refund)$/, '$1id'),
  });
  const { form } = entity;
  const type = (Form.useWatch('type', form) ?? 'transaction') as Values['type'];
  return (
    <FormDrawer open={open} title={t('admin.createStatusUpdate')} onClose={onClose} size={480} entity={entity}>
      <Form<Values>
        {...entity.formProps}
        initialValues={{ type: 'transaction' }}
        onValuesChange={(changed: Partial<Values>) => {
          entity.formProps.onValuesChange(changed);
          if (changed.type) form.setFieldValue('status', undefined);
        }}
      >
        <Form.Item label={t('fields:statusupdate.type')} name="type" required>
          <Select
            options={(['transaction', 'refund'] as const).map((value) => ({ value, label: t(`admin.types.${value}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('fields:statusupdate.item_id')} name="id" required>
          <Input autoComplete="off" maxLength={64} />
        </Form.Item>
        <Form.Item label={t('fields:statusupdate.status')} name="status" required>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={STATUS_UPDATE_STATUSES[type].map((value) => ({
              value,
              label: t(`statuses.${type}.${value}`, { defaultValue: value }),
            }))}
          />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
};
