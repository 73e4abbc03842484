import { person, type RoleList } from './roles.ts';

/** Who makes the governed changes of people, keys, credentials and payout settings (issue 35): they see and decide those requests. */
const GOVERNED_PEOPLE_AND_CREDENTIALS = [
  'PLATFORMUSER_ALL',
  'PLATFORMUSER_CREATE',
  'PLATFORMUSER_UPDATE',
  'PSP_USER_ALL',
  'PSP_USER_CREATE',
  'PSP_USER_UPDATE',
  'APIKEY_ALL',
  'APIKEY_CREATE',
  'PSP_APIKEY_ALL',
  'PSP_APIKEY_CREATE',
  'PSP_PROCESSOR_ALL',
  'PSP_PROCESSOR_UPDATE',
  'PSP_SETTLEMENT_PROFILE_ALL',
] as const;

/**
 * The one table of who may do what. The server's guards, the SPA's route guards and the
 * navigation menu all read it, so a role set is written down exactly once.
 *
 * Credentials are a person's business (SECURITY.md "Access and tenancy"): every entry that manages
 * API keys, users, roles, MFA, passwords, e-mail addresses, sessions or push subscriptions is
 * wrapped in `person(...)`, and the server refuses API keys on it whatever roles they hold.
 */
export const access = {
  /** A person's own business: profile, password, e-mail, MFA, sessions, push subscriptions. */
  signedIn: person([]),
  dashboard: ['USER_ALL', 'STATISTICS_LIST'],
  pspDashboard: ['PSP'],
  transaction: {
    list: ['USER_ALL', 'TRANSACTION_ALL', 'TRANSACTION_LIST'],
    update: ['USER_ALL', 'TRANSACTION_ALL', 'TRANSACTION_UPDATE'],
    create: ['USER_ALL', 'TRANSACTION_ALL', 'TRANSACTION_CREATE'],
  },
  pspTransaction: { list: ['PSP_ALL', 'TRANSACTION_ALL', 'TRANSACTON_LIST'] },
  scheduledTransaction: {
    list: ['USER_ALL', 'SCHEDULED_TRANSACTION_ALL', 'SCHEDULED_TRANSACTION_LIST'],
  },
  refund: {
    list: ['USER_ALL', 'REFUND_ALL', 'REFUND_LIST'],
    create: ['USER_ALL', 'REFUND_ALL', 'REFUND_CREATE'],
  },
  chargeback: {
    list: ['USER_ALL', 'CHARGEBACK_ALL', 'CHARGEBACK_LIST'],
    // Issue 36: answering a dispute (evidence, response, accepting) changes it.
    respond: ['USER_ALL', 'CHARGEBACK_ALL', 'CHARGEBACK_UPDATE'],
  },
  // Issue 36: the manual review queue, for provider staff and the merchant's own risk users.
  review: {
    list: ['USER_ALL', 'PSP_ALL', 'REVIEW_ALL', 'REVIEW_LIST'],
    decide: ['USER_ALL', 'PSP_ALL', 'REVIEW_ALL', 'REVIEW_UPDATE'],
  },
  customer: {
    list: ['USER_ALL', 'CUSTOMER_ALL', 'CUSTOMER_LIST'],
    transactions: ['USER_ALL', 'TRANSACTION_ALL', 'TRANSACTION_LIST'],
  },
  paymentLink: {
    list: ['USER_ALL', 'PAYMENT_LINK_ALL', 'PAYMENT_LINK_LIST'],
    create: ['USER_ALL', 'PAYMENT_LINK_ALL', 'PAYMENT_LINK_CREATE'],
    update: ['USER_ALL', 'PAYMENT_LINK_ALL', 'PAYMENT_LINK_UPDATE'],
  },
  cardAddLink: {
    list: ['USER_ALL', 'CARD_ADD_ALL', 'CARD_ADD_LIST'],
    create: ['USER_ALL', 'CARD_ADD_ALL', 'CARD_ADD_CREATE'],
    update: ['USER_ALL', 'CARD_ADD_ALL', 'CARD_ADD_UPDATE'],
  },
  subscription: {
    list: ['USER_ALL', 'SUBSCRIPTION_ALL', 'SUBSCRIPTION_LIST'],
    create: ['USER_ALL', 'SUBSCRIPTION_ALL', 'SUBSCRIPTION_CREATE'],
    update: ['USER_ALL', 'SUBSCRIPTION_ALL', 'SUBSCRIPTION_UPDATE'],
    delete: ['USER_ALL', 'SUBSCRIPTION_ALL', 'SUBSCRIPTION_DELETE'],
  },
  plan: {
    list: ['USER_ALL', 'PLAN_ALL', 'PLAN_LIST'],
    create: ['USER_ALL', 'PLAN_ALL', 'PLAN_CREATE'],
    update: ['USER_ALL', 'PLAN_ALL', 'PLAN_UPDATE'],
    delete: ['USER_ALL', 'PLAN_ALL', 'PLAN_DELETE'],
  },
  subscriptionDiscount: {
    list: ['USER_ALL', 'SUBSCRIPTION_DISCOUNT_ALL', 'SUBSCRIPTION_DISCOUNT_LIST'],
    create: ['USER_ALL', 'SUBSCRIPTION_DISCOUNT_ALL', 'SUBSCRIPTION_DISCOUNT_CREATE'],
    update: ['USER_ALL', 'SUBSCRIPTION_DISCOUNT_ALL', 'SUBSCRIPTION_DISCOUNT_UPDATE'],
    delete: ['USER_ALL', 'SUBSCRIPTION_DISCOUNT_ALL', 'SUBSCRIPTION_DISCOUNT_DELETE'],
  },
  organisation: {
    list: ['USER_ALL', 'ORGANISATION_ALL', 'ORGANISATION_LIST'],
    update: ['USER_ALL', 'ORGANISATION_ALL', 'ORGANISATION_UPDATE'],
    create: ['USER_ALL', 'ORGANISATION_ALL', 'ORGANISATION_CREATE'],
  },
  merchant: {
    list: ['PSP_ALL', 'PSP_MERCHANT_ALL', 'PSP_MERCHANT_LIST'],
    activate: ['PSP_ALL', 'PSP_MERCHANT_ALL', 'PSP_MERCHANT_UPDATE'],
  },
  paymentProfile: {
    list: ['USER_ALL', 'PAYMENT_PROFILE_ALL', 'PAYMENT_PROFILE_LIST'],
    create: ['USER_ALL', 'PAYMENT_PROFILE_ALL', 'PAYMENT_PROFILE_CREATE'],
    update: ['USER_ALL', 'PAYMENT_PROFILE_ALL', 'PAYMENT_PROFILE_UPDATE'],
  },
  processor: { list: ['USER_ALL', 'PROCESSOR_ALL', 'PROCESSOR_LIST', 'PSP_PROCESSOR_ALL', 'PSP_PROCESSOR_LIST'] },
  middleware: { list: ['USER_ALL', 'PSP_MIDDLEWARE_ALL', 'PSP_MIDDLEWARE_LIST'] },
  settlement: { list: ['USER_ALL', 'SETTLEMENT_ALL', 'SETTLEMENT_LIST'] },
  platformUser: {
    list: person(['USER_ALL', 'PLATFORMUSER_ALL', 'PLATFORMUSER_LIST']),
    create: person(['USER_ALL', 'PLATFORMUSER_ALL', 'PLATFORMUSER_CREATE']),
    update: person(['USER_ALL', 'PLATFORMUSER_ALL', 'PLATFORMUSER_UPDATE']),
  },
  pspUser: {
    list: person(['PSP_ALL', 'PSP_USER_ALL', 'PSP_USER_LIST']),
    create: person(['PSP_ALL', 'PSP_USER_ALL', 'PSP_USER_CREATE']),
    update: person(['PSP_ALL', 'PSP_USER_ALL', 'PSP_USER_UPDATE']),
  },
  welcomeMail: {
    list: ['PSP_ALL', 'PSP_WELCOME_MAIL_ALL', 'PSP_WELCOME_MAIL_LIST'],
    update: ['PSP_ALL', 'PSP_WELCOME_MAIL_ALL', 'PSP_WELCOME_MAIL_UPDATE'],
    create: ['PSP_ALL', 'PSP_WELCOME_MAIL_ALL', 'PSP_WELCOME_MAIL_CREATE'],
    delete: ['PSP_ALL', 'PSP_WELCOME_MAIL_ALL', 'PSP_WELCOME_MAIL_DELETE'],
  },
  auditTrail: { list: ['PSP_ALL', 'PSP_AUDITTRAIL_LIST'] },
  // Areas of the navigation menu (risk-config.md §2.13, payments.md §6); USER_ALL is the merchant
  // super role, PSP_ALL (granted by hasAccess) the provider's.
  dashboards: {
    transactions: ['USER_ALL', 'TRANSACTION_ALL', 'TRANSACTION_STATISTICS'],
    refunds: ['USER_ALL', 'REFUND_ALL', 'REFUND_STATISTICS'],
    customers: ['USER_ALL', 'CUSTOMER_ALL', 'CUSTOMER_STATISTICS'],
    processors: ['USER_ALL', 'PROCESSOR_ALL', 'PROCESSOR_LIST'],
  },
  reports: {
    combined: ['USER_ALL', 'TRANSACTION_ALL && SETTLEMENT_ALL', 'TRANSACTION_LIST && SETTLEMENT_LIST'],
    list: ['USER_ALL', 'REPORT_ALL', 'REPORT_LIST'],
    schedules: ['USER_ALL', 'REPORT_SCHEDULE_ALL', 'REPORT_SCHEDULE_LIST'],
    /** Create, clone and delete reports; manage schedules (payments.md §4: the report service's create and delete roles). */
    manage: ['USER_ALL', 'REPORT_ALL'],
    schedulesManage: ['USER_ALL', 'REPORT_SCHEDULE_ALL'],
    settlement: ['USER_ALL', 'SETTLEMENT_ALL', 'SETTLEMENT_LIST'],
    daily: ['USER_ALL', 'TRANSACTION_ALL', 'TRANSACTION_LIST'],
  },
  pspReports: { list: ['PSP_ALL', 'PSP_REPORT_LIST'], settlement: ['PSP_ALL', 'PSP_SETTLEMENT_LIST'] },
  finance: {
    oneOffs: ['PSP_ALL', 'PSP_ONE_OFF_ALL', 'PSP_ONE_OFF_LIST'],
    settlementProfiles: ['PSP_ALL', 'PSP_SETTLEMENT_PROFILE_ALL', 'PSP_SETTLEMENT_PROFILE_LIST'],
    packages: ['PSP_ALL', 'PSP_PACKAGE_ALL', 'PSP_PACKAGE_LIST'],
    settlementSchedules: ['PSP_ALL', 'PSP_SETTLEMENT_SCHEDULE_ALL', 'PSP_SETTLEMENT_SCHEDULE_LIST'],
    bankAccounts: ['PSP_ALL', 'PSP_BANK_ACCOUNT_ALL', 'PSP_BANK_ACCOUNT_LIST'],
  },
  /** Creating and editing finance objects needs the `_ALL` role of the list's pair. */
  financeEdit: {
    oneOffs: ['PSP_ALL', 'PSP_ONE_OFF_ALL'],
    settlementProfiles: ['PSP_ALL', 'PSP_SETTLEMENT_PROFILE_ALL'],
    packages: ['PSP_ALL', 'PSP_PACKAGE_ALL'],
    settlementSchedules: ['PSP_ALL', 'PSP_SETTLEMENT_SCHEDULE_ALL'],
    /** Running settlement by hand, besides the scheduled job. */
    settlementRun: ['PSP_ALL'],
  },
  pricing: {
    revenue: ['PSP_ALL', 'PSP_REVENUESCHEME_ALL', 'PSP_REVENUESCHEME_LIST'],
    cost: ['PSP_ALL', 'PSP_COSTSCHEME_ALL', 'PSP_COSTSCHEME_LIST'],
    reserve: ['PSP_ALL', 'PSP_RESERVESCHEME_ALL', 'PSP_RESERVESCHEME_LIST'],
    partner: ['PSP_ALL', 'PSP_PARTNERSCHEME_ALL', 'PSP_PARTNERSCHEME_LIST'],
  },
  pricingEdit: {
    revenue: ['PSP_ALL', 'PSP_REVENUESCHEME_ALL'],
    cost: ['PSP_ALL', 'PSP_COSTSCHEME_ALL'],
    reserve: ['PSP_ALL', 'PSP_RESERVESCHEME_ALL'],
    partner: ['PSP_ALL', 'PSP_PARTNERSCHEME_ALL'],
  },
  risk: {
    rulesets: ['USER_ALL', 'TAG_ALL && VALIDATION_RULESET_ALL', 'TAG_LIST && VALIDATION_RULESET_LIST'],
    routing: ['USER_ALL', 'ROUTING_ALL', 'ROUTING_LIST'],
    // risk-config.md §6: create, edit and delete each have their own role.
    routingCreate: ['USER_ALL', 'ROUTING_ALL', 'ROUTING_CREATE'],
    routingUpdate: ['USER_ALL', 'ROUTING_ALL', 'ROUTING_UPDATE'],
    routingDelete: ['USER_ALL', 'ROUTING_ALL', 'ROUTING_DELETE'],
    rulesetCreate: ['USER_ALL', 'VALIDATION_RULESET_ALL', 'VALIDATION_RULESET_CREATE'],
    rulesetUpdate: ['USER_ALL', 'VALIDATION_RULESET_ALL', 'VALIDATION_RULESET_UPDATE'],
    rulesetDelete: ['USER_ALL', 'VALIDATION_RULESET_ALL', 'VALIDATION_RULESET_DELETE'],
  },
  /**
   * Four eyes on risky changes (issue 35). Reading requests: whoever may change one of the governed
   * kinds; deciding also needs the kind's own role (checked by the server per request) and is a
   * person's act; the policy is set by the organisation's administrators; an emergency change
   * applied at once needs its own role.
   */
  changes: {
    list: [
      'USER_ALL',
      'CHANGE_REQUEST_ALL',
      'CHANGE_REQUEST_LIST',
      'ROUTING_ALL',
      'ROUTING_UPDATE',
      'VALIDATION_RULESET_ALL',
      'VALIDATION_RULESET_UPDATE',
      'PAYMENT_PROFILE_ALL',
      'PAYMENT_PROFILE_UPDATE',
      'BANK_ACCOUNT_ALL',
      'BANK_ACCOUNT_UPDATE',
      ...GOVERNED_PEOPLE_AND_CREDENTIALS,
    ],
    decide: person([
      'USER_ALL',
      'CHANGE_REQUEST_ALL',
      'ROUTING_ALL',
      'ROUTING_UPDATE',
      'VALIDATION_RULESET_ALL',
      'VALIDATION_RULESET_UPDATE',
      'PAYMENT_PROFILE_ALL',
      'PAYMENT_PROFILE_UPDATE',
      'BANK_ACCOUNT_ALL',
      'BANK_ACCOUNT_UPDATE',
      ...GOVERNED_PEOPLE_AND_CREDENTIALS,
    ]),
    policy: person(['USER_ALL', 'CHANGE_POLICY_UPDATE']),
    emergency: ['CHANGE_EMERGENCY'],
  },
  webhook: {
    list: ['USER_ALL', 'WEBHOOK_ALL', 'WEBHOOK_LIST'],
    create: ['USER_ALL', 'WEBHOOK_ALL', 'WEBHOOK_CREATE'],
  },
  pspWebhook: { list: ['PSP_ALL', 'WEBHOOK_ALL', 'WEBHOOK_LIST'] },
  terminal: {
    list: ['USER_ALL', 'TERMINAL_ALL', 'TERMINAL_LIST'],
    create: ['USER_ALL', 'TERMINAL_ALL', 'TERMINAL_CREATE'],
    update: ['USER_ALL', 'TERMINAL_ALL', 'TERMINAL_UPDATE'],
  },
  checkoutDesign: {
    list: ['USER_ALL', 'CHECKOUT_ALL', 'CHECKOUT_LIST'],
    create: ['USER_ALL', 'CHECKOUT_ALL', 'CHECKOUT_CREATE'],
    update: ['USER_ALL', 'CHECKOUT_ALL', 'CHECKOUT_UPDATE'],
    // The spec names no delete role; the GROUP_DELETE of its pattern (§6), like routing's.
    delete: ['USER_ALL', 'CHECKOUT_ALL', 'CHECKOUT_DELETE'],
  },
  tag: {
    list: ['USER_ALL', 'TAG_ALL', 'TAG_LIST'],
    create: ['USER_ALL', 'TAG_ALL', 'TAG_CREATE'],
    update: ['USER_ALL', 'TAG_ALL', 'TAG_UPDATE'],
    delete: ['USER_ALL', 'TAG_ALL', 'TAG_DELETE'],
  },
  pspTag: { list: ['PSP_ALL', 'PSP_TAG_ALL', 'PSP_TAG_LIST'] },
  bankAccount: {
    list: ['USER_ALL', 'BANK_ACCOUNT_ALL', 'BANK_ACCOUNT_LIST'],
    edit: ['USER_ALL', 'BANK_ACCOUNT_ALL', 'BANK_ACCOUNT_CREATE', 'BANK_ACCOUNT_UPDATE'],
  },
  share: {
    list: ['USER_ALL', 'SHARE_ALL', 'SHARE_LIST'],
    // Filling in and revoking the merchant's own credentials.
    update: ['USER_ALL', 'SHARE_ALL', 'SHARE_UPDATE'],
  },
  pspShare: {
    list: ['PSP_ALL', 'PSP_SHARE_ALL', 'PSP_SHARE_LIST'],
    create: ['PSP_ALL', 'PSP_SHARE_ALL', 'PSP_SHARE_CREATE'],
  },
  // The share-request list is read by both sides.
  shareAny: ['USER_ALL', 'SHARE_ALL', 'SHARE_LIST', 'PSP_ALL', 'PSP_SHARE_ALL', 'PSP_SHARE_LIST'],
  pspProcessor: {
    list: ['PSP_ALL', 'PSP_PROCESSOR_ALL', 'PSP_PROCESSOR_LIST'],
    edit: ['PSP_ALL', 'PSP_PROCESSOR_ALL', 'PSP_PROCESSOR_CREATE', 'PSP_PROCESSOR_UPDATE'],
  },
  pspMiddleware: {
    list: ['PSP_ALL', 'PSP_MIDDLEWARE_ALL', 'PSP_MIDDLEWARE_LIST'],
    edit: ['PSP_ALL', 'PSP_MIDDLEWARE_ALL', 'PSP_MIDDLEWARE_CREATE', 'PSP_MIDDLEWARE_UPDATE'],
  },
  processorSettlement: {
    list: ['PSP_ALL', 'PSP_PROCESSOR_SETTLEMENT_ALL', 'PSP_PROCESSOR_SETTLEMENT_LIST'],
    edit: [
      'PSP_ALL',
      'PSP_PROCESSOR_SETTLEMENT_ALL',
      'PSP_PROCESSOR_SETTLEMENT_CREATE',
      'PSP_PROCESSOR_SETTLEMENT_UPDATE',
    ],
  },
  merchantConfiguration: ['PSP_ALL'],
  apiKey: {
    list: person(['PSP_ALL', 'PSP_APIKEY_ALL', 'PSP_APIKEY_LIST']),
    create: person(['PSP_ALL', 'PSP_APIKEY_ALL', 'PSP_APIKEY_CREATE']),
    revoke: person(['PSP_ALL', 'PSP_APIKEY_ALL', 'PSP_APIKEY_DELETE']),
  },
  // A merchant's own keys (Developers → API settings); the server's routes accept either set.
  merchantApiKey: {
    list: person(['USER_ALL', 'APIKEY_ALL', 'APIKEY_LIST']),
    create: person(['USER_ALL', 'APIKEY_ALL', 'APIKEY_CREATE']),
    revoke: person(['USER_ALL', 'APIKEY_ALL', 'APIKEY_DELETE']),
  },
  pspImport: {
    list: ['PSP_ALL', 'PSP_IMPORT_ALL', 'PSP_IMPORT_LIST'],
    create: ['PSP_ALL', 'PSP_IMPORT_ALL', 'PSP_IMPORT_CREATE'],
  },
  sap: { list: ['PSP_ALL', 'PSP_SAP_ALL', 'PSP_SAP_LIST'], edit: ['PSP_ALL', 'PSP_SAP_ALL'] },
  /** Issue 34: acquirer settlement files and the exception queue (provider finance). */
  reconciliation: {
    list: ['PSP_ALL', 'PSP_RECONCILIATION_ALL', 'PSP_RECONCILIATION_LIST'],
    decide: ['PSP_ALL', 'PSP_RECONCILIATION_ALL', 'PSP_RECONCILIATION_UPDATE'],
    upload: ['PSP_ALL', 'PSP_RECONCILIATION_ALL', 'PSP_RECONCILIATION_UPLOAD'],
    /** A merchant reads the exceptions about its own payments, read-only. */
    merchant: ['USER_ALL', 'SETTLEMENT_ALL', 'SETTLEMENT_LIST'],
    /** A payout against the acquirer's money: the merchant's settlement report and the provider's. */
    payout: ['USER_ALL', 'SETTLEMENT_ALL', 'SETTLEMENT_LIST', 'PSP_ALL', 'PSP_SETTLEMENT_LIST'],
  },
  admin: ['PSP_SUPER'],
  /** The stored mailbox (development and demo): it holds every user's reset links and sign-in codes. */
  mailbox: person(['PSP_SUPER']),
  /**
   * Test mode (issue 38): the test cards are for whoever lists or makes payments (a key too:
   * integrations read them) and provider staff; deleting an organisation's test data is a person's
   * decision with the organisation's admin rights, never a key's.
   */
  testMode: {
    cards: ['USER_ALL', 'TRANSACTION_ALL', 'TRANSACTION_LIST', 'TRANSACTION_CREATE', 'PSP'],
    deleteData: person(['USER_ALL', 'ORGANISATION_ALL', 'ORGANISATION_UPDATE']),
  },
  // The statistics calls: the dashboard's STATISTICS_LIST reads them as well as each dashboard's roles,
  // except processor statistics and compare, which are the processor roles' alone (payments.md §6;
  // USER_ALL is the merchant area's global role, payments.md §2).
  statistics: {
    transaction: ['USER_ALL', 'TRANSACTION_ALL', 'TRANSACTION_STATISTICS', 'STATISTICS_LIST'],
    refund: ['USER_ALL', 'REFUND_ALL', 'REFUND_STATISTICS', 'STATISTICS_LIST'],
    customer: ['USER_ALL', 'CUSTOMER_ALL', 'CUSTOMER_STATISTICS', 'STATISTICS_LIST'],
    processor: ['USER_ALL', 'PROCESSOR_ALL', 'PROCESSOR_LIST'],
    merchants: ['PSP'],
    /** The default currency of the statistics: whoever reads any of them. */
    currency: [
      'USER_ALL',
      'STATISTICS_LIST',
      'TRANSACTION_ALL',
      'TRANSACTION_STATISTICS',
      'REFUND_ALL',
      'REFUND_STATISTICS',
      'PROCESSOR_ALL',
      'PROCESSOR_LIST',
    ],
  },
} as const satisfies Record<string, RoleList | Record<string, RoleList>>;
