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
  profile: page(() => import('../features/profile/pages/profile-page.tsx'), 'ProfilePage'),
  users: page(() => import('../features/users/pages/users-pages.tsx'), 'UsersPage'),
  pspUsers: page(() => import('../features/users/pages/users-pages.tsx'), 'PspUsersPage'),
  pspWelcomeMails: page(() => import('../features/welcome-mails/pages/welcome-mails-page.tsx'), 'WelcomeMailsPage'),
  dashboard: page(() => import('../features/dashboard/pages/dashboard-page.tsx'), 'DashboardPage'),
  pspDashboard: page(() => import('../features/dashboard/pages/dashboard-page.tsx'), 'PspDashboardPage'),
  routeTester: page(() => import('../features/dev/pages/route-tester-page.tsx'), 'RouteTesterPage'),
  transactions: page(transactions, 'TransactionsPage'),
  transactionsTagged: page(transactions, 'TransactionsTaggedPage'),
  transactionsBlocked: page(transactions, 'TransactionsBlockedPage'),
  transactionsMissed: page(transactions, 'TransactionsMissedPage'),
  transactionsDeclined: page(transactions, 'TransactionsDeclinedPage'),
  pspTransactions: page(transactions, 'PspTransactionsPage'),
  refunds: page(() => import('../features/refunds/pages/refunds-page.tsx'), 'RefundsPage'),
  chargebacks: page(() => import('../features/chargebacks/pages/chargebacks-page.tsx'), 'ChargebacksPage'),
  customers: page(() => import('../features/customers/pages/customers-page.tsx'), 'CustomersPage'),
  paymentLinks: page(() => import('../features/links/pages/links-pages.tsx'), 'PaymentLinksPage'),
  cardAddLinks: page(() => import('../features/links/pages/links-pages.tsx'), 'CardAddLinksPage'),
  scheduledTransactions: page(() => import('../features/scheduled-transactions/pages/scheduled-transactions-page.tsx'), 'ScheduledTransactionsPage'),
  plans: page(() => import('../features/recurring/pages/plans-page.tsx'), 'PlansPage'),
  subscriptions: page(() => import('../features/recurring/pages/subscriptions-page.tsx'), 'SubscriptionsPage'),
  discounts: page(() => import('../features/recurring/pages/discounts-page.tsx'), 'DiscountsPage'),
};

export const LoginPage = page(() => import('../features/auth/pages/login-page.tsx'), 'LoginPage');
export const LogoutPage = page(() => import('../features/auth/pages/logout-page.tsx'), 'LogoutPage');
export const ForgotPasswordPage = page(() => import('../features/auth/pages/forgot-password-page.tsx'), 'ForgotPasswordPage');
export const UpdatePasswordPage = page(() => import('../features/auth/pages/update-password-page.tsx'), 'UpdatePasswordPage');
export const UpdateEmailPage = page(() => import('../features/auth/pages/update-email-page.tsx'), 'UpdateEmailPage');
export const MfaPage = page(() => import('../features/auth/pages/mfa-page.tsx'), 'MfaPage');
export const MfaSetupPage = page(() => import('../features/auth/pages/mfa-setup-page.tsx'), 'MfaSetupPage');
export const AppLayout = page(() => import('./layout/app-layout.tsx'), 'AppLayout');
const statusPages = () => import('../components/status-pages.tsx');
export const NotFoundPage = page(statusPages, 'NotFoundPage');
export const NotAvailablePage = page(statusPages, 'NotAvailablePage');
export const ComingSoonPage = lazy(async () => ({ default: (await statusPages()).ComingSoonPage }));
