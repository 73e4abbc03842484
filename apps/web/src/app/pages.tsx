import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Page = LazyExoticComponent<ComponentType>;

/** A lazily loaded page: every screen is its own chunk, so sign-in never loads charts or tables. */
const page = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): Page =>
  lazy(async () => ({ default: (await load())[name] as ComponentType }));

const transactions = () => import('../features/transactions/pages/transactions-pages.tsx');

/**
 * Screens by route id (the ids of `appRoutes` in @kassa/domain). A route without a screen here
 * shows the honest "not built yet" page, still behind its role guard. Add one line per screen.
 */
export const pages: Partial<Record<string, Page>> = {
  dashboard: page(() => import('../features/dashboard/pages/dashboard-page.tsx'), 'DashboardPage'),
  pspDashboard: page(() => import('../features/dashboard/pages/dashboard-page.tsx'), 'PspDashboardPage'),
  routeTester: page(() => import('../features/dev/pages/route-tester-page.tsx'), 'RouteTesterPage'),
  transactions: page(transactions, 'TransactionsPage'),
  transactionsTagged: page(transactions, 'TransactionsTaggedPage'),
  transactionsBlocked: page(transactions, 'TransactionsBlockedPage'),
  transactionsMissed: page(transactions, 'TransactionsMissedPage'),
  transactionsDeclined: page(transactions, 'TransactionsDeclinedPage'),
  pspTransactions: page(transactions, 'PspTransactionsPage'),
};

export const LoginPage = page(() => import('../features/auth/pages/login-page.tsx'), 'LoginPage');
export const LogoutPage = page(() => import('../features/auth/pages/logout-page.tsx'), 'LogoutPage');
export const AppLayout = page(() => import('./layout/app-layout.tsx'), 'AppLayout');
const statusPages = () => import('../components/status-pages.tsx');
export const NotFoundPage = page(statusPages, 'NotFoundPage');
export const NotAvailablePage = page(statusPages, 'NotAvailablePage');
export const ComingSoonPage = lazy(async () => ({ default: (await statusPages()).ComingSoonPage }));
