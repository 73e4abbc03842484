import { PlusOutlined } from '@ant-design/icons';
import { queryOptions } from '@tanstack/react-query';
import { access, hasAccess } from '@kassa/domain';
import { Button, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { friendlyFormatIBAN } from 'ibantools';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/components/date-time.tsx';
import type { ListColumn } from '@/components/list-screen/columns.ts';
import { ListScreen } from '@/components/list-screen/list-screen.tsx';
import type { ListParamsDef } from '@/components/list-screen/search-params.ts';
import { apiGet, type QueryParams } from '@/lib/api-client.ts';
import { useMe } from '@/lib/session.ts';
import { BankAccountDrawer, type BankAccountRow } from '../components/bank-account-drawer.tsx';

const params: ListParamsDef = {
  filters: {},
  sortable: ['created_at', 'holder_name', 'currency_code'],
  defaultSort: 'holder_name',
  searchBy: ['holder_name', 'id'],
};
const listQuery = (p: QueryParams, scope: string) =>
  queryOptions({
    queryKey: ['bankaccount', 'list', scope, p] as readonly unknown[],
    queryFn: ({ signal }) => apiGet<BankAccountRow[]>('bankaccount', p, signal),
  });
const countQuery = (p: QueryParams, scope: string) =>
  queryOptions({
    queryKey: ['bankaccount', 'count', scope, p] as readonly unknown[],
    queryFn: ({ signal }) => apiGet<{ count: number }>('bankaccount/count', p, signal),
  });

const columns = (t: TFunction): ListColumn<BankAccountRow>[] => [
  {
    key: 'holder_name',
    title: t('fields:bank_account.holder_name'),
    sortField: 'holder_name',
    exportFields: ['holder_name'],
    render: (row) => <Typography.Text strong>{row.holder_name}</Typography.Text>,
  },
  {
    key: 'iban',
    title: t('fields:bank_account.iban'),
    exportFields: ['iban'],
    render: (row) => <Typography.Text code>{friendlyFormatIBAN(row.iban)}</Typography.Text>,
  },
  { key: 'bic', title: t('fields:bank_account.bic'), exportFields: ['bic'], render: (row) => row.bic },
  {
    key: 'currency_code',
    title: t('fields:bank_account.currency_code'),
    sortField: 'currency_code',
    exportFields: ['currency_code'],
    render: (row) => row.currency_code,
  },
  {
    key: 'description',
    title: t('fields:bank_account.description'),
    exportFields: ['description'],
    render: (row) => row.description,
  },
  {
    key: 'created_at',
    title: t('fields:bank_account.created_at'),
    sortField: 'created_at',
    exportFields: ['created_at'],
    render: (row) => <DateTime value={row.created_at} />,
  },
];

/** Settings → Bank accounts: where a merchant's settlements are paid out. */
export const BankAccountsPage = () => {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const [creating, setCreating] = useState(false);
  const cols = useMemo(() => columns(t), [t]);
  return (
    <>
      <ListScreen<BankAccountRow>
        listId="bankAccounts"
        title={t('bankAccounts.title')}
        params={params}
        columns={cols}
        listQuery={listQuery}
        countQuery={countQuery}
        exportPath="bankaccount/export"
        searchByLabel={(field) => t(`fields:bank_account.${field}`)}
        renderDetail={(id, close) => <BankAccountDrawer id={id} onClose={close} />}
        actions={
          hasAccess(me?.roles ?? [], access.bankAccount.edit) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('bankAccounts.create')}
            </Button>
          )
        }
      />
      {creating && <BankAccountDrawer id={null} onClose={() => setCreating(false)} />}
    </>
  );
};
