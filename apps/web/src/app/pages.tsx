import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Page = LazyExoticComponent<ComponentType>;

/** A lazily loaded page: every screen is its own chunk, so sign-in never loads charts or tables. */
const page = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): Page =>
  lazy(async () => ({ default: (await load())[name] as ComponentType }));

const transactions = () => import('@/features/transactions/pages/transactions-pages.tsx');
const routingPages = () => import('@/features/risk/pages/routing-pages.tsx');
const rulesetPages = () => import('@/features/risk/pages/rulesets-pages.tsx');
const statistics = () => import('@/features/statistics/pages/dashboard-pages.tsx');
const pricingPages = () => import('@/features/finance/pages/pricing-pages.tsx');

/**
 * Screens by route id (the ids of `appRoutes` in @kassa/domain). A route without a screen here
 * shows the honest "not built yet" page, still behind its role guard. Add one line per screen.
 */
export const pages: Partial<Record<string, Page>> = {
  profile: page(() => import('@/features/profile/pages/profile-page.tsx'), 'ProfilePage'),
  users: page(() => import('@/features/users/pages/users-pages.tsx'), 'UsersPage'),
  pspUsers: page(() => import('@/features/users/pages/users-pages.tsx'), 'PspUsersPage'),
  pspWelcomeMails: page(() => import('@/features/welcome-mails/pages/welcome-mails-page.tsx'), 'WelcomeMailsPage'),
  dashboard: page(() => import('@/features/dashboard/pages/dashboard-page.tsx'), 'DashboardPage'),
  pspDashboard: page(() => import('@/features/dashboard/pages/dashboard-page.tsx'), 'PspDashboardPage'),
  routeTester: page(() => import('@/features/dev/pages/route-tester-page.tsx'), 'RouteTesterPage'),
  transactions: page(transactions, 'TransactionsPage'),
  transactionsTagged: page(transactions, 'TransactionsTaggedPage'),
  transactionsBlocked: page(transactions, 'TransactionsBlockedPage'),
  transactionsMissed: page(transactions, 'TransactionsMissedPage'),
  transactionsDeclined: page(transactions, 'TransactionsDeclinedPage'),
  pspTransactions: page(transactions, 'PspTransactionsPage'),
  refunds: page(() => import('@/features/refunds/pages/refunds-page.tsx'), 'RefundsPage'),
  chargebacks: page(() => import('@/features/chargebacks/pages/chargebacks-page.tsx'), 'ChargebacksPage'),
  customers: page(() => import('@/features/customers/pages/customers-page.tsx'), 'CustomersPage'),
  paymentLinks: page(() => import('@/features/links/pages/links-pages.tsx'), 'PaymentLinksPage'),
  cardAddLinks: page(() => import('@/features/links/pages/links-pages.tsx'), 'CardAddLinksPage'),
  scheduledTransactions: page(
    () => import('@/features/scheduled-transactions/pages/scheduled-transactions-page.tsx'),
    'ScheduledTransactionsPage',
  ),
  plans: page(() => import('@/features/recurring/pages/plans-page.tsx'), 'PlansPage'),
  subscriptions: page(() => import('@/features/recurring/pages/subscriptions-page.tsx'), 'SubscriptionsPage'),
  discounts: page(() => import('@/features/recurring/pages/discounts-page.tsx'), 'DiscountsPage'),
  // Risk and routing (issue 12)
  intelligentRouting: page(routingPages, 'RoutingsPage'),
  changes: page(() => import('@/features/changes/pages/changes-page.tsx'), 'ChangesPage'),
  intelligentRoutingNew: page(routingPages, 'RoutingNewPage'),
  intelligentRoutingEdit: page(routingPages, 'RoutingEditPage'),
  riskrules: page(rulesetPages, 'RiskRulesPage'),
  tagrules: page(rulesetPages, 'TagRulesPage'),
  threeDSecure: page(rulesetPages, 'ThreeDSecurePage'),
  reviewrules: page(rulesetPages, 'ReviewRulesPage'),
  pspReviewrules: page(rulesetPages, 'ReviewRulesPage'),
  reviewQueue: page(() => import('@/features/review/pages/review-page.tsx'), 'ReviewPage'),
  pspReviewQueue: page(() => import('@/features/review/pages/review-page.tsx'), 'ReviewPage'),
  pspRiskrules: page(rulesetPages, 'RiskRulesPage'),
  pspTagrules: page(rulesetPages, 'TagRulesPage'),
  pspThreeDSecure: page(rulesetPages, 'ThreeDSecurePage'),
  tags: page(() => import('@/features/risk/pages/tags-page.tsx'), 'TagsPage'),
  pspTags: page(() => import('@/features/risk/pages/tags-page.tsx'), 'TagsPage'),
  pspAuditTrail: page(() => import('@/features/audit-trail/pages/audit-trail-page.tsx'), 'AuditTrailPage'),
  // Configuration and integration (issue 11).
  pspApiKeys: page(() => import('@/features/api-keys/pages/api-keys-pages.tsx'), 'PspApiKeysPage'),
  organisations: page(() => import('@/features/organisations/pages/organisations-page.tsx'), 'OrganisationsPage'),
  paymentProfiles: page(
    () => import('@/features/payment-profiles/pages/payment-profiles-page.tsx'),
    'PaymentProfilesPage',
  ),
  processors: page(() => import('@/features/processors/pages/processors-pages.tsx'), 'ProcessorsPage'),
  pspProcessors: page(() => import('@/features/processors/pages/processors-pages.tsx'), 'ProcessorsPage'),
  processorSettlements: page(
    () => import('@/features/processors/pages/processors-pages.tsx'),
    'ProcessorSettlementsPage',
  ),
  pspProcessorSettlements: page(
    () => import('@/features/processors/pages/processors-pages.tsx'),
    'ProcessorSettlementsPage',
  ),
  middlewares: page(() => import('@/features/processors/pages/processors-pages.tsx'), 'MiddlewaresPage'),
  pspMiddlewares: page(() => import('@/features/processors/pages/processors-pages.tsx'), 'MiddlewaresPage'),
  checkoutDesigns: page(
    () => import('@/features/checkout-designs/pages/checkout-designs-page.tsx'),
    'CheckoutDesignsPage',
  ),
  checkoutDesignNew: page(
    () => import('@/features/checkout-designs/pages/checkout-design-page.tsx'),
    'CheckoutDesignPage',
  ),
  checkoutDesignEdit: page(
    () => import('@/features/checkout-designs/pages/checkout-design-page.tsx'),
    'CheckoutDesignPage',
  ),
  pspImports: page(() => import('@/features/imports/pages/imports-page.tsx'), 'ImportsPage'),
  bankAccounts: page(() => import('@/features/bank-accounts/pages/bank-accounts-page.tsx'), 'BankAccountsPage'),
  shareRequests: page(() => import('@/features/share-credentials/pages/share-requests-pages.tsx'), 'ShareRequestsPage'),
  shareCredentials: page(
    () => import('@/features/share-credentials/pages/share-requests-pages.tsx'),
    'ShareCredentialsPage',
  ),
  merchantConfiguration: page(
    () => import('@/features/merchant-configuration/pages/merchant-configuration-page.tsx'),
    'MerchantConfigurationPage',
  ),
  terminals: page(() => import('@/features/terminals/pages/terminals-page.tsx'), 'TerminalsPage'),
  // Provider administration and webhooks (issue 13).
  adminCache: page(() => import('@/features/cache/pages/cache-page.tsx'), 'CachePage'),
  adminSettlementUpdates: page(
    () => import('@/features/settlement-updates/pages/settlement-updates-page.tsx'),
    'SettlementUpdatesPage',
  ),
  pspReconciliationDashboard: page(
    () => import('@/features/reconciliation/pages/dashboard-page.tsx'),
    'ReconciliationDashboardPage',
  ),
  pspReconciliationExceptions: page(
    () => import('@/features/reconciliation/pages/exceptions-page.tsx'),
    'ReconciliationExceptionsPage',
  ),
  reconciliationExceptions: page(
    () => import('@/features/reconciliation/pages/exceptions-page.tsx'),
    'MerchantReconciliationExceptionsPage',
  ),
  pspSettlementFiles: page(
    () => import('@/features/reconciliation/pages/settlement-files-page.tsx'),
    'SettlementFilesPage',
  ),
  adminStatusUpdates: page(
    () => import('@/features/status-updates/pages/status-updates-page.tsx'),
    'StatusUpdatesPage',
  ),
  pspMerchants: page(() => import('@/features/merchants/pages/merchants-page.tsx'), 'MerchantsPage'),
  webhooks: page(() => import('@/features/webhooks/pages/webhooks-pages.tsx'), 'WebhooksPage'),
  testCards: page(() => import('@/features/test-mode/pages/test-cards-page.tsx'), 'TestCardsPage'),
  webhookTesting: page(() => import('@/features/webhooks/pages/webhooks-pages.tsx'), 'WebhookTestingPage'),
  pspWebhooks: page(() => import('@/features/webhooks/pages/webhooks-pages.tsx'), 'PspWebhooksPage'),
  apiSettings: page(() => import('@/features/api-keys/pages/api-keys-pages.tsx'), 'ApiSettingsPage'),
  // Reports (issue 15).
  reportsTransactions: page(() => import('@/features/reports/pages/reports-page.tsx'), 'ReportsPage'),
  reportDownload: page(() => import('@/features/reports/pages/report-download-page.tsx'), 'ReportDownloadPage'),
  reportSchedules: page(() => import('@/features/reports/pages/report-schedules-page.tsx'), 'ReportSchedulesPage'),
  rfm: page(() => import('@/features/statistics/pages/rfm-page.tsx'), 'RfmPage'),
  dashboardTransactions: page(statistics, 'TransactionsDashboardPage'),
  dashboardRefunds: page(statistics, 'RefundsDashboardPage'),
  dashboardCustomers: page(statistics, 'CustomersDashboardPage'),
  processorStatistics: page(() => import('@/features/statistics/pages/processor-pages.tsx'), 'ProcessorStatisticsPage'),
  processorCompare: page(() => import('@/features/statistics/pages/processor-pages.tsx'), 'ProcessorComparePage'),
  // Finance and pricing (issue 16).
  pspPricingRevenue: page(pricingPages, 'RevenuePricingPage'),
  pspPricingCost: page(pricingPages, 'CostPricingPage'),
  pspPricingReserve: page(pricingPages, 'ReservePricingPage'),
  pspPricingPartner: page(pricingPages, 'PartnerPricingPage'),
  pspPackages: page(() => import('@/features/finance/pages/packages-page.tsx'), 'PackagesPage'),
  pspSettlementSchedules: page(
    () => import('@/features/finance/pages/settlement-schedules-page.tsx'),
    'SettlementSchedulesPage',
  ),
  pspBankAccounts: page(() => import('@/features/bank-accounts/pages/bank-accounts-page.tsx'), 'BankAccountsPage'),
  settlementProfiles: page(
    () => import('@/features/finance/pages/settlement-profiles-page.tsx'),
    'SettlementProfilesPage',
  ),
  oneOffs: page(() => import('@/features/finance/pages/one-offs-page.tsx'), 'OneOffsPage'),
  // The same screens in a merchant's context (payments.md §2).
  pricingRevenue: page(pricingPages, 'RevenuePricingPage'),
  pricingCost: page(pricingPages, 'CostPricingPage'),
  pricingReserve: page(pricingPages, 'ReservePricingPage'),
  pricingPartner: page(pricingPages, 'PartnerPricingPage'),
  packages: page(() => import('@/features/finance/pages/packages-page.tsx'), 'PackagesPage'),
  settlementSchedules: page(
    () => import('@/features/finance/pages/settlement-schedules-page.tsx'),
    'SettlementSchedulesPage',
  ),
  financeBankAccounts: page(() => import('@/features/bank-accounts/pages/bank-accounts-page.tsx'), 'BankAccountsPage'),
  dailyReport: page(() => import('@/features/finance/pages/daily-report-page.tsx'), 'DailyReportPage'),
  settlementReport: page(() => import('@/features/finance/pages/settlement-report-page.tsx'), 'SettlementReportPage'),
  pspReportsDaily: page(() => import('@/features/finance/pages/provider-report-page.tsx'), 'PspDailyReportPage'),
  pspReportsMonthly: page(() => import('@/features/finance/pages/provider-report-page.tsx'), 'PspMonthlyReportPage'),
  report: page(() => import('@/features/finance/pages/combined-report-page.tsx'), 'CombinedReportPage'),
  pspSap: page(() => import('@/features/sap/pages/sap-page.tsx'), 'SapPage'),
  pspReportsSettlement: page(
    () => import('@/features/finance/pages/settlement-report-page.tsx'),
    'PspSettlementReportPage',
  ),
};

export const LoginPage = page(() => import('@/features/auth/pages/login-page.tsx'), 'LoginPage');
export const LogoutPage = page(() => import('@/features/auth/pages/logout-page.tsx'), 'LogoutPage');
export const ForgotPasswordPage = page(
  () => import('@/features/auth/pages/forgot-password-page.tsx'),
  'ForgotPasswordPage',
);
export const UpdatePasswordPage = page(
  () => import('@/features/auth/pages/update-password-page.tsx'),
  'UpdatePasswordPage',
);
export const UpdateEmailPage = page(() => import('@/features/auth/pages/update-email-page.tsx'), 'UpdateEmailPage');
export const MfaPage = page(() => import('@/features/auth/pages/mfa-page.tsx'), 'MfaPage');
export const MfaSetupPage = page(() => import('@/features/auth/pages/mfa-setup-page.tsx'), 'MfaSetupPage');
export const CardAddPage = page(() => import('@/features/checkout/pages/card-add-page.tsx'), 'CardAddPage');
export const SubscriptionPage = page(
  () => import('@/features/checkout/pages/subscription-page.tsx'),
  'SubscriptionPage',
);
export const PayLinkPage = page(() => import('@/features/checkout/pages/pay-link-page.tsx'), 'PayLinkPage');
export const CheckoutPage = page(() => import('@/features/checkout/pages/checkout-page.tsx'), 'CheckoutPage');
export const AppLayout = page(() => import('./layout/app-layout.tsx'), 'AppLayout');
const statusPages = () => import('@/components/status-pages.tsx');
export const NotFoundPage = page(statusPages, 'NotFoundPage');
export const NotAvailablePage = page(statusPages, 'NotAvailablePage');
export const ComingSoonPage = lazy(async () => ({ default: (await statusPages()).ComingSoonPage }));
