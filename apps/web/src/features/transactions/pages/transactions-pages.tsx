import type { TransactionListType } from '@kassa/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '@/components/list-screen/list-screen.tsx';
import { transactionsCountQueryOptions } from '../api/get-transactions-count.ts';
import { transactionsQueryOptions } from '../api/get-transactions.ts';
import type { TransactionRow } from '../api/types.ts';
import { transactionColumns } from '../columns.tsx';
import { TransactionDetail } from '../components/transaction-detail.tsx';
import { TransactionFilters } from '../components/transaction-filters.tsx';
import { transactionListParams } from '../search-params.ts';

const titles: Record<TransactionListType | 'PSP', string> = {
  DEFAULT: 'transactions.title',
  TAGGED: 'transactions.titleTagged',
  BLOCKED: 'transactions.titleBlocked',
  MISSED: 'transactions.titleMissed',
  DECLINED: 'transactions.titleDeclined',
  PSP: 'transactions.titlePsp',
};

/** One transactions list per type (payments.md §2); the type is a server-side filter. */
const Transactions = ({ type }: { type: TransactionListType | 'PSP' }) => {
  const { t } = useTranslation();
  const columns = useMemo(() => transactionColumns(t), [t]);
  const fixedParams = useMemo(() => (type === 'DEFAULT' || type === 'PSP' ? undefined : { type }), [type]);
  return (
    <ListScreen<TransactionRow>
      // Column settings are shared by every transactions list of a user.
      listId="transactions"
      title={t(titles[type])}
      params={transactionListParams}
      columns={columns}
      listQuery={transactionsQueryOptions}
      countQuery={transactionsCountQueryOptions}
      exportPath="transaction/export"
      fixedParams={fixedParams}
      filters={(props) => <TransactionFilters {...props} />}
      searchByLabel={(field) => t(`fields:transaction.${field}`)}
      renderDetail={(id, close) => <TransactionDetail id={id} onClose={close} />}
    />
  );
};

export const TransactionsPage = () => <Transactions type="DEFAULT" />;
export const TransactionsTaggedPage = () => <Transactions type="TAGGED" />;
export const TransactionsBlockedPage = () => <Transactions type="BLOCKED" />;
export const TransactionsMissedPage = () => <Transactions type="MISSED" />;
export const TransactionsDeclinedPage = () => <Transactions type="DECLINED" />;
export const PspTransactionsPage = () => <Transactions type="PSP" />;
