import { ComingSoonPage } from '../../../components/status-pages.tsx';

export const TransactionsPage = () => <ComingSoonPage routeId="transactions" />;
export const TransactionsTaggedPage = () => <ComingSoonPage routeId="transactionsTagged" />;
export const TransactionsBlockedPage = () => <ComingSoonPage routeId="transactionsBlocked" />;
export const TransactionsMissedPage = () => <ComingSoonPage routeId="transactionsMissed" />;
export const TransactionsDeclinedPage = () => <ComingSoonPage routeId="transactionsDeclined" />;
export const PspTransactionsPage = () => <ComingSoonPage routeId="pspTransactions" />;
