import { PlusOutlined } from '@ant-design/icons';
import { access, SETTLEMENT_INTERVALS, ZSettlementScheduleCreate, ZSettlementScheduleUpdate } from '@kassa/domain';
import { Button, Form, Input, Select, Switch, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '@/components/list-screen/columns.ts';
import { ListScreen } from '@/components/list-screen/list-screen.tsx';
import { param, type ListParamsDef } from '@/components/list-screen/search-params.ts';
import { Money } from '@/components/money.tsx';
import { MoneyInput } from '@/components/money-input.tsx';
import { WholeNumberInput } from '@/components/number-input.tsx';
import { useCan } from '@/lib/authorisation.ts';
import { financeCountOptions, financeListOptions } from '../api/finance-objects.ts';
import type { SettlementScheduleRow } from '../api/types.ts';
import { FinanceDrawer } from '../components/finance-drawer.tsx';

const params: ListParamsDef = {
  filters: { 'interval[]': param.anyOf(SETTLEMENT_INTERVALS), active: param.bool() },
  sortable: ['created_at', 'name', 'interval', 'payout_delay_days', 'minimum_payout'],
  defaultSort: 'name',
  searchBy: ['name', 'id'],
};

const columns = (t: TFunction): ListColumn<SettlementScheduleRow>[] => [
  {
    key: 'name',
    title: t('fields:settlement_schedule.name'),
    sortField: 'name',
    exportFields: ['name'],
    render: (row) => <Typography.Text strong>{row.name}</Typography.Text>,
  },
  {
    key: 'interval',
    title: t('fields:settlement_schedule.interval'),
    sortField: 'interval',
    exportFields: ['interval'],
    render: (row) => t(`finance.intervals.${row.interval}`),
  },
  {
    key: 'payout_delay_days',
    title: t('fields:settlement_schedule.payout_delay_days'),
    sortField: 'payout_delay_days',
    exportFields: ['payout_delay_days'],
    align: 'right',
    render: (row) => row.payout_delay_days,
  },
  {
    key: 'minimum_payout',
    title: t('fields:settlement_schedule.minimum_payout'),
    sortField: 'minimum_payout',
    exportFields: ['minimum_payout'],
    align: 'right',
    render: (row) => <Money amount={row.minimum_payout} />,
  },
  {
    key: 'active',
    title: t('fields:settlement_schedule.active'),
    exportFields: ['active'],
    render: (row) => (
      <Tag color={row.active ? 'success' : 'default'}>{row.active ? t('finance.yes') : t('finance.no')}</Tag>
    ),
  },
];

const ScheduleDrawer = ({ id, onClose, canEdit }: { id: string | null; onClose: () => void; canEdit: boolean }) => {
  const { t } = useTranslation();
  const f = (field: string) => t(`fields:settlement_schedule.${field}`);
  return (
    <FinanceDrawer
      path="settlement-schedule"
      id={id}
      title={id ? f('name') : t('finance.schedules.create')}
      canEdit={canEdit}
      create={ZSettlementScheduleCreate}
      update={ZSettlementScheduleUpdate}
      initialValues={{ interval: 'weekly', payout_delay_days: 2, minimum_payout: 0, active: true }}
      onClose={onClose}
    >
      <Form.Item name="name" label={f('name')} required>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="interval" label={f('interval')} required>
        <Select options={SETTLEMENT_INTERVALS.map((value) => ({ value, label: t(`finance.intervals.${value}`) }))} />
      </Form.Item>
      <Form.Item name="payout_delay_days" label={f('payout_delay_days')} extra={t('finance.schedules.delayHint')}>
        <WholeNumberInput min={0} max={60} />
      </Form.Item>
      <Form.Item name="minimum_payout" label={f('minimum_payout')}>
        <MoneyInput min={0} />
      </Form.Item>
      <Form.Item name="active" label={f('active')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FinanceDrawer>
  );
};

/** `psp/finance/settlement-schedules`: how settlement periods are cut and when they are paid out. */
export const SettlementSchedulesPage = () => {
  const { t } = useTranslation();
  const can = useCan();
  const [creating, setCreating] = useState(false);
  const cols = useMemo(() => columns(t), [t]);
  const canEdit = can(access.financeEdit.settlementSchedules);
  return (
    <>
      <ListScreen<SettlementScheduleRow>
        listId="settlement-schedules"
        title={t('finance.schedules.title')}
        params={params}
        columns={cols}
        listQuery={financeListOptions<SettlementScheduleRow>('settlement-schedule')}
        countQuery={financeCountOptions('settlement-schedule')}
        exportPath="settlement-schedule/export"
        searchByLabel={(field) => t(`fields:settlement_schedule.${field}`)}
        renderDetail={(id, close) => <ScheduleDrawer id={id} onClose={close} canEdit={canEdit} />}
        actions={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('finance.schedules.create')}
            </Button>
          )
        }
      />
      {creating && <ScheduleDrawer id={null} onClose={() => setCreating(false)} canEdit />}
    </>
  );
};
