import { access } from './access.ts';
import { hasAccess, type RoleList } from './roles.ts';
import { PRICING_SCHEME_TYPES } from './schemas/finance.ts';

/** Optional modules of the product (portal.md §1); their items and routes exist only when enabled. */
export type OptionalModule = 'sap' | 'host2host';

/** Merchant pages live at the root (and under `psp/merchants/{id}` for provider staff); provider pages under `psp`. */
export type NavArea = 'merchant' | 'provider';

export type NavGroup =
  | 'payments'
  | 'insights'
  | 'finance'
  | 'risk'
  | 'developers'
  | 'provider'
  | 'settings'
  | 'psp'
  | 'pspReports'
  | 'pspPricing'
  | 'pspFinance'
  | 'pspRisk'
  | 'pspAdmin'
  | 'pspSettings';

/** One item of the navigation menu (risk-config.md §2.13). Labels are translation keys. */
export type NavItem = {
  id: string;
  area: NavArea;
  group: NavGroup;
  /** Absolute path; merchant items are prefixed with `/psp/merchants/{id}` in a provider's merchant context. */
  route: string;
  label: string;
  description: string;
  roles: RoleList;
  providerOnly?: boolean;
  merchantOnly?: boolean;
  superUserOnly?: boolean;
  external?: boolean;
  module?: OptionalModule;
  /** An organisation feature the item needs (finance and pricing need `collecting`, payments.md §6). */
  feature?: 'collecting';
};

type ItemSpec = Omit<NavItem, 'id' | 'area' | 'group' | 'label' | 'description'> & { id: string };

const items = (area: NavArea, group: NavGroup, specs: ItemSpec[]): NavItem[] =>
  specs.map((spec) => ({
    ...spec,
    area,
    group,
    label: `nav.items.${spec.id}`,
    description: `nav.descriptions.${spec.id}`,
  }));

const tx = access.transaction.list;

/** The whole menu, merchant and provider, in the spec's order. */
export const navigation: readonly NavItem[] = [
  ...items('merchant', 'payments', [
    { id: 'transactions', route: '/transactions', roles: tx },
    { id: 'transactionsMissed', route: '/transactionsMissed', roles: tx },
    { id: 'transactionsDeclined', route: '/transactionsDeclined', roles: tx },
    { id: 'transactionsTagged', route: '/transactionsTagged', roles: tx },
    { id: 'transactionsBlocked', route: '/transactionsBlocked', roles: tx },
    { id: 'refunds', route: '/refunds', roles: access.refund.list },
    { id: 'chargebacks', route: '/chargebacks', roles: access.chargeback.list },
    { id: 'reviewQueue', route: '/review', roles: access.review.list },
    { id: 'paymentLinks', route: '/payment-links', roles: access.paymentLink.list },
    { id: 'cardAddLinks', route: '/card-add-links', roles: access.cardAddLink.list },
    { id: 'scheduledTransactions', route: '/transactions/scheduled', roles: access.scheduledTransaction.list },
    { id: 'customers', route: '/customers', roles: access.customer.list },
    { id: 'plans', route: '/subscriptions/plans', roles: access.plan.list },
    { id: 'subscriptions', route: '/subscriptions', roles: access.subscription.list },
    { id: 'discounts', route: '/subscriptions/discounts', roles: access.subscriptionDiscount.list },
  ]),
  ...items('merchant', 'insights', [
    { id: 'dashboardTransactions', route: '/dashboards/transactions', roles: access.dashboards.transactions },
    { id: 'dashboardRefunds', route: '/dashboards/refunds', roles: access.dashboards.refunds },
    { id: 'dashboardCustomers', route: '/dashboards/customers', roles: access.dashboards.customers },
    { id: 'rfm', route: '/customers/rfm', roles: access.signedIn },
    { id: 'processorStatistics', route: '/dashboards/processor-statistics', roles: access.dashboards.processors },
    { id: 'processorCompare', route: '/insights/dashboards/processor-compare', roles: access.dashboards.processors },
    { id: 'report', route: '/report', roles: access.reports.combined },
    { id: 'reportsTransactions', route: '/reports/transactions', roles: access.reports.list },
    { id: 'reportSchedules', route: '/reports/schedules', roles: access.reports.schedules },
  ]),
  ...items('merchant', 'finance', [
    { id: 'settlementReport', route: '/report/settlement', roles: access.reports.settlement, feature: 'collecting' },
    { id: 'dailyReport', route: '/report/daily', roles: access.reports.daily, feature: 'collecting' },
    {
      id: 'reconciliationExceptions',
      route: '/report/reconciliation-exceptions',
      roles: access.reconciliation.merchant,
      merchantOnly: true,
      feature: 'collecting',
    },
    {
      id: 'oneOffs',
      route: '/finance/one-offs',
      roles: access.finance.oneOffs,
      providerOnly: true,
      feature: 'collecting',
    },
    {
      id: 'settlementProfiles',
      route: '/finance/settlement-profiles',
      roles: access.finance.settlementProfiles,
      providerOnly: true,
      feature: 'collecting',
    },
    // payments.md §2: the merchant side of finance and pricing, where provider staff look at one merchant.
    {
      id: 'packages',
      route: '/finance/packages',
      roles: access.finance.packages,
      providerOnly: true,
      feature: 'collecting',
    },
    {
      id: 'settlementSchedules',
      route: '/finance/settlement-schedules',
      roles: access.finance.settlementSchedules,
      providerOnly: true,
      feature: 'collecting',
    },
    ...PRICING_SCHEME_TYPES.map((type): ItemSpec => ({
      id: `pricing${type[0].toUpperCase()}${type.slice(1)}`,
      route: `/pricing/${type}`,
      roles: access.pricing[type],
      providerOnly: true,
      feature: 'collecting',
    })),
  ]),
  ...items('merchant', 'risk', [
    { id: 'riskrules', route: '/riskrules', roles: access.risk.rulesets },
    { id: 'tagrules', route: '/tagrules', roles: access.risk.rulesets },
    { id: 'threeDSecure', route: '/3dsecure', roles: access.risk.rulesets },
    { id: 'reviewrules', route: '/reviewrules', roles: access.risk.rulesets },
    { id: 'intelligentRouting', route: '/intelligent-routing', roles: access.risk.routing },
    // Four eyes (issue 35): requests waiting for a second person; the menu shows how many this user may decide.
    { id: 'changes', route: '/changes', roles: access.changes.list },
  ]),
  ...items('merchant', 'developers', [
    { id: 'apiSettings', route: '/apiSettings', roles: access.signedIn },
    { id: 'terminals', route: '/terminals', roles: access.terminal.list },
    { id: 'documentation', route: '/v1/docs', roles: access.signedIn, external: true },
    { id: 'webhookTesting', route: '/webhook-testing', roles: access.webhook.list },
    { id: 'webhooks', route: '/webhooks', roles: access.webhook.list },
    { id: 'testCards', route: '/test-cards', roles: access.testMode.cards },
  ]),
  ...items('merchant', 'provider', [
    {
      id: 'processorSettlements',
      route: '/processor-settlements',
      roles: access.processorSettlement.list,
      providerOnly: true,
    },
    { id: 'processors', route: '/processors', roles: access.pspProcessor.list, providerOnly: true },
    { id: 'middlewares', route: '/middlewares', roles: access.pspMiddleware.list, providerOnly: true },
    {
      id: 'merchantConfiguration',
      route: '/merchant-configuration',
      roles: access.merchantConfiguration,
      providerOnly: true,
    },
    { id: 'shareCredentials', route: '/share-credentials', roles: access.pspShare.list, providerOnly: true },
  ]),
  ...items('merchant', 'settings', [
    { id: 'organisations', route: '/organisations', roles: access.organisation.list },
    { id: 'paymentProfiles', route: '/paymentprofiles', roles: access.paymentProfile.list },
    { id: 'bankAccounts', route: '/bank-accounts', roles: access.bankAccount.list, feature: 'collecting' },
    { id: 'checkoutDesigns', route: '/checkout-designs', roles: access.checkoutDesign.list },
    { id: 'users', route: '/users', roles: access.platformUser.list },
    { id: 'tags', route: '/tags', roles: access.tag.list },
    { id: 'shareRequests', route: '/share-credentials', roles: access.share.list, merchantOnly: true },
  ]),
  ...items('provider', 'psp', [
    { id: 'pspMerchants', route: '/psp/merchants', roles: access.merchant.list },
    { id: 'pspTransactions', route: '/psp/transactions', roles: access.pspTransaction.list },
  ]),
  ...items('provider', 'pspReports', [
    { id: 'pspReportsDaily', route: '/psp/reports/daily', roles: access.pspReports.list },
    { id: 'pspReportsMonthly', route: '/psp/reports/monthly', roles: access.pspReports.list },
    {
      id: 'pspReportsSettlement',
      route: '/psp/reports/settlement',
      roles: access.pspReports.settlement,
      feature: 'collecting',
    },
    { id: 'pspReconciliationDashboard', route: '/psp/reconciliation/dashboard', roles: access.reconciliation.list },
    { id: 'pspReconciliationExceptions', route: '/psp/reconciliation/exceptions', roles: access.reconciliation.list },
    { id: 'pspSettlementFiles', route: '/psp/reconciliation/files', roles: access.reconciliation.list },
  ]),
  ...items('provider', 'pspPricing', [
    { id: 'pspPricingRevenue', route: '/psp/pricing/revenue', roles: access.pricing.revenue, feature: 'collecting' },
    { id: 'pspPricingCost', route: '/psp/pricing/cost', roles: access.pricing.cost, feature: 'collecting' },
    { id: 'pspPricingReserve', route: '/psp/pricing/reserve', roles: access.pricing.reserve, feature: 'collecting' },
    { id: 'pspPricingPartner', route: '/psp/pricing/partner', roles: access.pricing.partner, feature: 'collecting' },
  ]),
  ...items('provider', 'pspFinance', [
    { id: 'pspPackages', route: '/psp/finance/packages', roles: access.finance.packages, feature: 'collecting' },
    {
      id: 'pspSettlementSchedules',
      route: '/psp/finance/settlement-schedules',
      roles: access.finance.settlementSchedules,
      feature: 'collecting',
    },
    {
      id: 'pspBankAccounts',
      route: '/psp/finance/settings/bank-accounts',
      roles: access.finance.bankAccounts,
      feature: 'collecting',
    },
  ]),
  ...items('provider', 'pspRisk', [
    { id: 'pspAuditTrail', route: '/psp/audit-trail', roles: access.auditTrail.list },
    { id: 'pspWebhooks', route: '/psp/webhooks', roles: access.pspWebhook.list },
    { id: 'pspRiskrules', route: '/psp/riskrules', roles: access.risk.rulesets },
    { id: 'pspTagrules', route: '/psp/tagrules', roles: access.risk.rulesets },
    { id: 'pspThreeDSecure', route: '/psp/3dsecure', roles: access.risk.rulesets },
    { id: 'pspReviewrules', route: '/psp/reviewrules', roles: access.risk.rulesets },
    { id: 'pspReviewQueue', route: '/psp/review', roles: access.review.list },
  ]),
  ...items('provider', 'pspAdmin', [
    { id: 'adminCache', route: '/psp/admin/cache', roles: access.admin, superUserOnly: true },
    { id: 'adminStatusUpdates', route: '/psp/admin/status-updates', roles: access.admin, superUserOnly: true },
    { id: 'adminSettlementUpdates', route: '/psp/admin/settlement-updates', roles: access.admin, superUserOnly: true },
  ]),
  ...items('provider', 'pspSettings', [
    { id: 'pspUsers', route: '/psp/users', roles: access.pspUser.list },
    { id: 'pspWelcomeMails', route: '/psp/welcome-mails', roles: access.welcomeMail.list },
    { id: 'pspApiKeys', route: '/psp/api-keys', roles: access.apiKey.list },
    { id: 'pspImports', route: '/psp/imports', roles: access.pspImport.list },
    { id: 'pspTags', route: '/psp/tags', roles: access.pspTag.list },
    { id: 'pspProcessorSettlements', route: '/psp/processor-settlements', roles: access.processorSettlement.list },
    { id: 'pspProcessors', route: '/psp/processors', roles: access.pspProcessor.list },
    { id: 'pspMiddlewares', route: '/psp/middlewares', roles: access.pspMiddleware.list },
    { id: 'pspSap', route: '/psp/sap', roles: access.sap.list, module: 'sap' },
  ]),
];

/** Who is looking at the menu, and where. */
export type NavContext = {
  roles: readonly string[];
  isProvider: boolean;
  /** Enabled optional modules. */
  modules: readonly OptionalModule[];
  /** `merchant` for merchant users and for provider staff inside `psp/merchants/{id}`. */
  area: NavArea;
  /** Features of the user's merchant (of the provider for its staff). */
  features?: readonly string[];
};

type Flags = Pick<NavItem, 'module' | 'providerOnly' | 'merchantOnly' | 'superUserOnly' | 'feature'> & {
  area?: NavArea | 'any';
};

/**
 * True when the page's area is open to this user: the provider area (`/psp/…`) is provider
 * staff's whatever roles a merchant user holds (risk-config.md §2.2, payments.md §6). Read from
 * the area every item and route must declare, so a new provider page cannot forget it.
 */
export const areaAllows = (item: Pick<Flags, 'area'>, context: Pick<NavContext, 'isProvider'>): boolean =>
  item.area !== 'provider' || context.isProvider;

/** True when the item's area and flags (not its roles) allow it in this context. */
export const flagsAllow = (item: Flags, context: NavContext): boolean => {
  if (!areaAllows(item, context)) return false;
  if (item.module && !context.modules.includes(item.module)) return false;
  if (item.feature && !(context.features ?? []).includes(item.feature)) return false;
  if (item.providerOnly && !context.isProvider) return false;
  if (item.merchantOnly && context.isProvider) return false;
  if (item.superUserOnly && !context.roles.includes('PSP_SUPER')) return false;
  return true;
};

/** The items this user may see in this area, in menu order. */
export const visibleNavigation = (context: NavContext): NavItem[] =>
  navigation.filter(
    (item) => item.area === context.area && flagsAllow(item, context) && hasAccess(context.roles, item.roles),
  );

/** Pages that are not menu items, with the roles that guard them (portal.md §2, risk-config.md §2.1). */
export type AppRoute = Pick<
  NavItem,
  'id' | 'route' | 'roles' | 'providerOnly' | 'merchantOnly' | 'superUserOnly' | 'module' | 'feature'
> & {
  area: NavArea | 'any';
  developmentOnly?: boolean;
};

const extraRoutes: readonly AppRoute[] = [
  { id: 'dashboard', area: 'any', route: '/', roles: access.signedIn },
  { id: 'pspDashboard', area: 'provider', route: '/psp', roles: access.pspDashboard, providerOnly: true },
  { id: 'profile', area: 'any', route: '/profile', roles: access.signedIn },
  { id: 'routeTester', area: 'any', route: '/dev/routes', roles: access.signedIn, developmentOnly: true },
  { id: 'checkoutDesignNew', area: 'merchant', route: '/checkout-designs/new', roles: access.checkoutDesign.create },
  {
    id: 'checkoutDesignEdit',
    area: 'merchant',
    route: '/checkout-designs/:checkoutId',
    roles: access.checkoutDesign.update,
  },
  {
    id: 'intelligentRoutingNew',
    area: 'merchant',
    route: '/intelligent-routing/new',
    roles: access.risk.routingCreate,
  },
  {
    id: 'intelligentRoutingEdit',
    area: 'merchant',
    route: '/intelligent-routing/:routeId',
    roles: access.risk.routingUpdate,
  },
  // The merchant's bank accounts as finance lists them (payments.md §2); the menu offers them once, under settings.
  {
    id: 'financeBankAccounts',
    area: 'merchant',
    route: '/finance/settings/bank-accounts',
    roles: access.finance.bankAccounts,
    providerOnly: true,
    feature: 'collecting',
  },
  {
    id: 'reportDownload',
    area: 'merchant',
    route: '/reports/transactions/:reportId/download',
    roles: access.reports.list,
  },
];

/**
 * The SPA's route → roles table: every menu item that is a page, plus the pages that are not
 * in the menu. The browser's route guards read it; the server guards the same areas with the
 * same `access` lists.
 */
export const appRoutes: readonly AppRoute[] = [
  ...extraRoutes,
  ...navigation
    .filter((item) => !item.external)
    .map(({ id, area, route, roles, providerOnly, merchantOnly, module, superUserOnly, feature }) => ({
      id,
      area,
      route,
      roles,
      providerOnly,
      merchantOnly,
      module,
      superUserOnly,
      feature,
    })),
];

/** The merchant context of a provider URL: `psp/merchants/{id}` where the id may carry `:suffix`. */
export const parseMerchantContext = (segment: string): { merchantId: string; organisationId: string } | null => {
  const [merchantId, suffix] = segment.split(':');
  if (!merchantId) return null;
  // The suffix selects a different organisation inside the merchant (a sub-organisation).
  return { merchantId, organisationId: suffix || merchantId };
};
