import { PlusOutlined } from '@ant-design/icons';
import { access, ZOneOffCreate, ZOneOffUpdate } from '@kassa/domain';
import { Button, Form, Input, Select, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { ListColumn } from '@/components/list-screen/columns.ts';
import { ListScreen } from '@/components/list-screen/list-screen.tsx';
import { param, type ListParamsDef } from '@/components/list-screen/search-params.ts';
import { Money } from '@/components/money.tsx';
import { MAX_MINOR_UNITS, MoneyInput } from '@/components/money-input.tsx';
import { useCan } from '@/lib/authorisation.ts';
import { populated } from '@/lib/entity-api.ts';
import { organisationFor } from '@/lib/org-context.ts';
import { useFormat } from '@/lib/use-format.ts';
import { financeCountOptions, financeListOptions } from '../api/finance-objects.ts';
import type { OneOffRow } from '../api/types.ts';
import { FinanceDrawer } from '../components/finance-drawer.tsx';
import { DayInput } from '../components/finance-inputs.tsx';

const params: ListParamsDef = {
  filters: { 'status[]': param.anyOf(['OPEN', 'SETTLED']) },
  sortable: ['created_at', 'amount', 'effective_date', 'currency_code'],
  searchBy: ['description', 'id'],
};

const columns = (t: TFunction, date: (value: string) => string): ListColumn<OneOffRow>[] => [
  {
    key: 'description',
    title: t('fields:one_off.description'),
    exportFields: ['description'],
    render: (row) => <Typography.Text strong>{row.description}</Typography.Text>,
  },
  {
    key: 'organisation',
    title: t('fields:one_off.organisation'),
    exportFields: ['organisation'],
    render: (row) => populated(row.organisation)?.name,
  },
  {
    key: 'amount',
    title: t('fields:one_off.amount'),
    sortField: 'amount',
    exportFields: ['amount', 'currency_code'],
    align: 'right',
    render: (row) => <Money amount={row.amount} currency={row.currency_code} />,
  },
  {
    key: 'effective_date',
    title: t('fields:one_off.effective_date'),
    sortField: 'effective_date',
    exportFields: ['effective_date'],
    render: (row) => date(row.effective_date),
  },
  {
    key: 'status',
    title: t('fields:one_off.status'),
    exportFields: ['status'],
    render: (row) => (
      <Tag color={row.status === 'SETTLED' ? 'success' : 'processing'}>{t(`finance.oneOffStatuses.${row.status}`)}</Tag>
    ),
  },
  {
    key: 'settlement',
    title: t('fields:one_off.settlement'),
    exportFields: ['settlement'],
    defaultHidden: true,
    render: (row) => row.settlement,
  },
];

const OneOffDrawer = ({ id, onClose, canEdit }: { id: string | null; onClose: () => void; canEdit: boolean }) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const f = (field: string) => t(`fields:one_off.${field}`);
  return (
    <FinanceDrawer
      path="one-off"
      id={id}
      title={id ? t('finance.oneOffs.title') : t('finance.oneOffs.create')}
      canEdit={canEdit}
      create={ZOneOffCreate}
      update={ZOneOffUpdate}
      initialValues={{ currency_code: 'EUR', effective_date: new Date().toISOString().slice(0, 10) }}
      createExtra={{ organisation: organisationFor(pathname) }}
      onClose={onClose}
    >
      <Form.Item name="description" label={f('description')} required>
        <Input maxLength={500} />
      </Form.Item>
      <Form.Item name="amount" label={f('amount')} required extra={t('finance.oneOffs.amountHint')}>
        <MoneyInput min={-MAX_MINOR_UNITS} />
      </Form.Item>
      <Form.Item name="currency_code" label={f('currency_code')}>
        <Select style={{ width: 120 }} options={['EUR', 'GBP', 'USD', 'CHF'].map((c) => ({ value: c, label: c }))} />
      </Form.Item>
      <Form.Item name="effective_date" label={f('effective_date')} required>
        <DayInput />
      </Form.Item>
    </FinanceDrawer>
  );
};

/** `finance/one-offs` in a merchant's context (provider staff): credits and debits settled once. */
export const OneOffsPage = () => {
  const { t } = useTranslation();
  const can = useCan();
  const format = useFormat();
  const [creating, setCreating] = useState(false);
  const cols = useMemo(() => columns(t, (value) => format.date(value)), [t, format]);
  const canEdit = can(access.financeEdit.oneOffs);
  return (
    <>
      <ListScreen<OneOffRow>
        listId="one-offs"
        title={t('finance.oneOffs.title')}
        params={params}
        columns={cols}
        listQuery={financeListOptions<OneOffRow>('one-off')}
        countQuery={financeCountOptions('one-off')}
        exportPath="one-off/export"
        searchByLabel={(field) => t(`fields:one_off.${field}`)}
        renderDetail={(id, close) => <OneOffDrawer id={id} onClose={close} canEdit={canEdit} />}
        actions={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('finance.oneOffs.create')}
            </Button>
          )
        }
      />
      {creating && <OneOffDrawer id={null} onClose={() => setCreating(false)} canEdit />}
    </>
  );
};
