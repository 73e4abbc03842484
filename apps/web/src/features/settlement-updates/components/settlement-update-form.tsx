import { ZSettlementUpdateCreate } from '@kassa/domain';
import { Checkbox, DatePicker, Form, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '@/components/form-drawer.tsx';
import { datePattern } from '@/lib/format.ts';
import { useFormat } from '@/lib/use-format.ts';
import { useEntityForm } from '@/lib/use-entity-form.ts';
import { useCreateSettlementUpdate } from '../api/create-settlement-update.ts';
import { useProcessorSettlements } from '../api/get-processor-settlements.ts';

type Values = { processor_settlement: string; last?: Dayjs; update_last_run: boolean };
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
  const create = useCreateSettlementUpdate();
  const settlements = useProcessorSettlements();
  const entity = useEntityForm({
    schema: ZSettlementUpdateCreate,
    toBody: (values: Values) => ({ ...values, last: values.last?.toISOString() }),
    save: (body) => create.mutateAsync(body),
    onSaved: (created) => onCreated(created.id, created.update_last_run),
  });
  return (
    <FormDrawer
      title={t('settlementUpdates.create')}
      onClose={onClose}
      size={480}
      entity={entity}
      submitLabel={t('admin.save')}
    >
      <Form<Values>
        {...entity.formProps}
        requiredMark={false}
        disabled={entity.saving}
        initialValues={{
          processor_settlement: draft.processor_settlement,
          last: draft.last ? dayjs(draft.last) : undefined,
          update_last_run: draft.update_last_run ?? true,
        }}
      >
        <Form.Item label={t('fields:settlementupdate.processor_settlement')} name="processor_settlement">
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={settlements.isPending}
            notFoundContent={t('settlementUpdates.noSettlements')}
            options={(settlements.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          />
        </Form.Item>
        <Form.Item label={t('fields:settlementupdate.last')} name="last">
          <DatePicker showTime format={`${datePattern(format.language)} HH:mm`} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="update_last_run" valuePropName="checked" extra={t('settlementUpdates.updateLastRunHelp')}>
          <Checkbox>{t('fields:settlementupdate.update_last_run')}</Checkbox>
        </Form.Item>
      </Form>
    </FormDrawer>
  );
};
