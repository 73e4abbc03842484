import { PlusOutlined } from '@ant-design/icons';
import { access, ZSettlementProfileCreate, ZSettlementProfileUpdate } from '@kassa/domain';
import { Button, Form, Select, Switch, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { friendlyFormatIBAN } from 'ibantools';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { ListColumn } from '@/components/list-screen/columns.ts';
import { ListScreen } from '@/components/list-screen/list-screen.tsx';
import { param, type ListParamsDef } from '@/components/list-screen/search-params.ts';
import { apiGet } from '@/lib/api-client.ts';
import { useCan } from '@/lib/authorisation.ts';
import { populated } from '@/lib/entity-api.ts';
import { organisationFor } from '@/lib/org-context.ts';
import { useFormat } from '@/lib/use-format.ts';
import { financeCountOptions, financeListOptions, useFinanceChoices } from '../api/finance-objects.ts';
import type { PackageRow, SettlementProfileRow, SettlementScheduleRow } from '../api/types.ts';
import { FinanceDrawer } from '../components/finance-drawer.tsx';
import { DayInput } from '../components/finance-inputs.tsx';

const params: ListParamsDef = {
  filters: { active: param.bool() },
  sortable: ['created_at', 'currency_code', 'effective_from'],
  searchBy: ['id'],
};

const columns = (t: TFunction, date: (value: string) => string): ListColumn<SettlementProfileRow>[] => [
  {
    key: 'organisation',
    title: t('fields:settlement_profile.organisation'),
    exportFields: ['organisation'],
    render: (row) => <Typography.Text strong>{populated(row.organisation)?.name}</Typography.Text>,
  },
  {
    key: 'package',
    title: t('fields:settlement_profile.package'),
    exportFields: ['package'],
    render: (row) => populated(row.package)?.name,
  },
  {
    key: 'settlement_schedule',
    title: t('fields:settlement_profile.settlement_schedule'),
    exportFields: ['settlement_schedule'],
    render: (row) => populated(row.settlement_schedule)?.name,
  },
  {
    key: 'bank_account',
    title: t('fields:settlement_profile.bank_account'),
    exportFields: ['bank_account'],
    render: (row) => {
      const account = populated(row.bank_account);
      return account ? <Typography.Text code>{friendlyFormatIBAN(account.iban)}</Typography.Text> : null;
    },
  },
  {
    key: 'currency_code',
    title: t('fields:settlement_profile.currency_code'),
    sortField: 'currency_code',
    exportFields: ['currency_code'],
    render: (row) => row.currency_code,
  },
  {
    key: 'effective_from',
    title: t('fields:settlement_profile.effective_from'),
    sortField: 'effective_from',
    exportFields: ['effective_from'],
    render: (row) => date(row.effective_from),
  },
  {
    key: 'active',
    title: t('fields:settlement_profile.active'),
    exportFields: ['active'],
    render: (row) => (
      <Tag color={row.active ? 'success' : 'default'}>{row.active ? t('finance.yes') : t('finance.no')}</Tag>
    ),
  },
];

type BankAccount = { id: string; holder_name: string; iban: string; currency_code: string };

const ProfileDrawer = ({ id, onClose, canEdit }: { id: string | null; onClose: () => void; canEdit: boolean }) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const organisation = organisationFor(pathname);
  const f = (field: string) => t(`fields:settlement_profile.${field}`);
  const packages = useFinanceChoices<PackageRow>('package', { active: 'true' });
  const schedules = useFinanceChoices<SettlementScheduleRow>('settlement-schedule', { active: 'true' });
  const accounts = useQuery({
    queryKey: ['bankaccount', 'choices', organisation],
    queryFn: ({ signal }) => apiGet<BankAccount[]>('bankaccount', { _limit: 100, _sort: 'holder_name' }, signal),
  });
  return (
    <FinanceDrawer
      path="settlement-profile"
      id={id}
      title={id ? t('finance.profiles.title') : t('finance.profiles.create')}
      canEdit={canEdit}
      create={ZSettlementProfileCreate}
      update={ZSettlementProfileUpdate}
      initialValues={{ currency_code: 'EUR', active: true, effective_from: new Date().toISOString().slice(0, 10) }}
      createExtra={{ organisation }}
      changeKind="settlement-profile"
      onClose={onClose}
    >
      <Form.Item name="package" label={f('package')} required>
        <Select options={(packages.data ?? []).map((p) => ({ value: p.id, label: p.name }))} />
      </Form.Item>
      <Form.Item name="settlement_schedule" label={f('settlement_schedule')} required>
        <Select
          options={(schedules.data ?? []).map((s) => ({
            value: s.id,
            label: `${s.name} (${t(`finance.intervals.${s.interval}`)})`,
          }))}
        />
      </Form.Item>
      <Form.Item name="bank_account" label={f('bank_account')} required>
        <Select
          options={(accounts.data ?? []).map((a) => ({
            value: a.id,
            label: `${a.holder_name} — ${friendlyFormatIBAN(a.iban)}`,
          }))}
        />
      </Form.Item>
      {!id && (
        <Form.Item name="currency_code" label={f('currency_code')}>
          <Select options={['EUR', 'GBP', 'USD', 'CHF'].map((c) => ({ value: c, label: c }))} />
        </Form.Item>
      )}
      <Form.Item name="effective_from" label={f('effective_from')} required>
        <DayInput />
      </Form.Item>
      <Form.Item name="active" label={f('active')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FinanceDrawer>
  );
};

/** `finance/settlement-profiles` in a merchant's context (provider staff): which package, schedule and account settle this merchant. */
export const SettlementProfilesPage = () => {
  const { t } = useTranslation();
  const can = useCan();
  const format = useFormat();
  const [creating, setCreating] = useState(false);
  const cols = useMemo(() => columns(t, (value) => format.date(value)), [t, format]);
  const canEdit = can(access.financeEdit.settlementProfiles);
  return (
    <>
      <ListScreen<SettlementProfileRow>
        listId="settlement-profiles"
        title={t('finance.profiles.title')}
        params={params}
        columns={cols}
        listQuery={financeListOptions<SettlementProfileRow>('settlement-profile')}
        countQuery={financeCountOptions('settlement-profile')}
        exportPath="settlement-profile/export"
        searchByLabel={(field) => t(`fields:settlement_profile.${field}`)}
        renderDetail={(id, close) => <ProfileDrawer id={id} onClose={close} canEdit={canEdit} />}
        actions={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('finance.profiles.create')}
            </Button>
          )
        }
      />
      {creating && <ProfileDrawer id={null} onClose={() => setCreating(false)} canEdit />}
    </>
  );
};
