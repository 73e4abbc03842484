import type { RoleList } from './roles.ts';

/**
 * The one table of who may do what. The server's guards, the SPA's route guards and the
 * navigation menu all read it, so a role set is written down exactly once.
 */
export const access = {
  signedIn: [],
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
  chargeback: { list: ['USER_ALL', 'CHARGEBACK_ALL', 'CHARGEBACK_LIST'] },
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
  },
  merchant: {
    list: ['PSP_ALL', 'PSP_MERCHANT_ALL', 'PSP_MERCHANT_LIST'],
    activate: ['PSP_ALL', 'PSP_MERCHANT_ALL', 'PSP_MERCHANT_UPDATE'],
  },
  paymentProfile: { list: ['USER_ALL', 'PAYMENT_PROFILE_ALL', 'PAYMENT_PROFILE_LIST'] },
  processor: { list: ['USER_ALL', 'PROCESSOR_ALL', 'PROCESSOR_LIST', 'PSP_PROCESSOR_ALL', 'PSP_PROCESSOR_LIST'] },
  middleware: { list: ['USER_ALL', 'PSP_MIDDLEWARE_ALL', 'PSP_MIDDLEWARE_LIST'] },
  settlement: { list: ['USER_ALL', 'SETTLEMENT_ALL', 'SETTLEMENT_LIST'] },
  platformUser: {
    list: ['USER_ALL', 'PLATFORMUSER_ALL', 'PLATFORMUSER_LIST'],
    create: ['USER_ALL', 'PLATFORMUSER_ALL', 'PLATFORMUSER_CREATE'],
    update: ['USER_ALL', 'PLATFORMUSER_ALL', 'PLATFORMUSER_UPDATE'],
  },
  pspUser: {
    list: ['PSP_ALL', 'PSP_USER_ALL', 'PSP_USER_LIST'],
    create: ['PSP_ALL', 'PSP_USER_ALL', 'PSP_USER_CREATE'],
    update: ['PSP_ALL', 'PSP_USER_ALL', 'PSP_USER_UPDATE'],
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
  pricing: {
    revenue: ['PSP_ALL', 'PSP_REVENUESCHEME_ALL', 'PSP_REVENUESCHEME_LIST'],
    cost: ['PSP_ALL', 'PSP_COSTSCHEME_ALL', 'PSP_COSTSCHEME_LIST'],
    reserve: ['PSP_ALL', 'PSP_RESERVESCHEME_ALL', 'PSP_RESERVESCHEME_LIST'],
    partner: ['PSP_ALL', 'PSP_PARTNERSCHEME_ALL', 'PSP_PARTNERSCHEME_LIST'],
  },
  risk: {
    rulesets: ['USER_ALL', 'TAG_ALL && VALIDATION_RULESET_ALL', 'TAG_LIST && VALIDATION_RULESET_LIST'],
    routing: ['USER_ALL', 'ROUTING_ALL', 'ROUTING_LIST'],
  },
  webhook: {
    list: ['USER_ALL', 'WEBHOOK_ALL', 'WEBHOOK_LIST'],
    create: ['USER_ALL', 'WEBHOOK_ALL', 'WEBHOOK_CREATE'],
  },
  pspWebhook: { list: ['PSP_ALL', 'WEBHOOK_ALL', 'WEBHOOK_LIST'] },
  terminal: { list: ['USER_ALL', 'TERMINAL_ALL', 'TERMINAL_LIST'] },
  checkoutDesign: {
    list: ['USER_ALL', 'CHECKOUT_ALL', 'CHECKOUT_LIST'],
    create: ['USER_ALL', 'CHECKOUT_ALL', 'CHECKOUT_CREATE'],
    update: ['USER_ALL', 'CHECKOUT_ALL', 'CHECKOUT_UPDATE'],
  },
  tag: { list: ['USER_ALL', 'TAG_ALL', 'TAG_LIST'], create: ['USER_ALL', 'TAG_ALL', 'TAG_CREATE'] },
  pspTag: { list: ['PSP_ALL', 'PSP_TAG_ALL', 'PSP_TAG_LIST'] },
  bankAccount: { list: ['USER_ALL', 'BANK_ACCOUNT_ALL', 'BANK_ACCOUNT_LIST'] },
  share: { list: ['USER_ALL', 'SHARE_ALL', 'SHARE_LIST'] },
  pspShare: { list: ['PSP_ALL', 'PSP_SHARE_ALL', 'PSP_SHARE_LIST'] },
  pspProcessor: { list: ['PSP_ALL', 'PSP_PROCESSOR_ALL', 'PSP_PROCESSOR_LIST'] },
  pspMiddleware: { list: ['PSP_ALL', 'PSP_MIDDLEWARE_ALL', 'PSP_MIDDLEWARE_LIST'] },
  processorSettlement: { list: ['PSP_ALL', 'PSP_PROCESSOR_SETTLEMENT_ALL', 'PSP_PROCESSOR_SETTLEMENT_LIST'] },
  merchantConfiguration: ['PSP_ALL'],
  apiKey: { list: ['PSP_ALL', 'PSP_APIKEY_ALL', 'PSP_APIKEY_LIST'] },
  pspImport: { list: ['PSP_ALL', 'PSP_IMPORT_ALL', 'PSP_IMPORT_LIST'] },
  sap: { list: ['PSP_ALL', 'PSP_SAP_ALL', 'PSP_SAP_LIST'] },
  admin: ['PSP_SUPER'],
} as const satisfies Record<string, RoleList | Record<string, RoleList>>;
