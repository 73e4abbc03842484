import { Button, Checkbox, DatePicker, Form, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '@/components/form-drawer.tsx';
import { datePattern } from '@/lib/format.ts';
import { useFormat } from '@/lib/use-format.ts';
import { useServerError } from '@/lib/use-server-error.ts';
import { useCreateSettlementUpdate } from '../api/create-settlement-update.ts';
import { useProcessorSettlements } from '../api/get-processor-settlements.ts';

type Values = { processor_settlement: string; last: Dayjs; update_last_run: boolean };
/** What the form starts with: empty, or the reversal of an update (portal.md §4). */
export type SettlementUpdateDraft = { processor_settlement?: string; last?: string | null; update_last_run?: boolean };

/** The create form of portal.md §2.4/§5: processor settlement and last required, update-last-run checked by default. */
export const SettlementUpdateForm = ({
  draft,
  onClose,
  onCreated,
}: {
  draft: SettlementUpdateDraft;
  onClose: () => void;
  onCreated: (id: string, ran: boolean) => void;
}) => {
  const { t } = useTranslation();
  const format = useFormat();
  const [form] = Form.useForm<Values>();
  const create = useCreateSettlementUpdate();
  const serverError = useServerError(form);
  const settlements = useProcessorSettlements();
  const onFinish = (values: Values) =>
    create.mutate(
      {
        processor_settlement: values.processor_settlement,
        last: values.last.toISOString(),
        update_last_run: values.update_last_run,
      },
      {
        onSuccess: (created) => onCreated(created.id, created.update_last_run),
        onError: serverError.show,
      },
    );
  const required = { required: true, message: t('form_validation.required') };
  return (
    <FormDrawer title={t('settlementUpdates.create')} onClose={onClose} size={480} serverError={serverError.message}>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        disabled={create.isPending}
        initialValues={{
          processor_settlement: draft.processor_settlement,
          last: draft.last ? dayjs(draft.last) : undefined,
          update_last_run: draft.update_last_run ?? true,
        }}
      >
        <Form.Item
          label={t('fields:settlementupdate.processor_settlement')}
          name="processor_settlement"
          rules={[required]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={settlements.isPending}
            notFoundContent={t('settlementUpdates.noSettlements')}
            options={(settlements.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          />
        </Form.Item>
        <Form.Item label={t('fields:settlementupdate.last')} name="last" rules={[required]}>
          <DatePicker showTime format={`${datePattern(format.language)} HH:mm`} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="update_last_run" valuePropName="checked" extra={t('settlementUpdates.updateLastRunHelp')}>
          <Checkbox>{t('fields:settlementupdate.update_last_run')}</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          {t('admin.save')}
        </Button>
      </Form>
    </FormDrawer>
  );
};
