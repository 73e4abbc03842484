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
  },
  cardAddLink: {
    list: ['USER_ALL', 'CARD_ADD_ALL', 'CARD_ADD_LIST'],
    create: ['USER_ALL', 'CARD_ADD_ALL', 'CARD_ADD_CREATE'],
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
  },
  auditTrail: { list: ['PSP_ALL', 'PSP_AUDITTRAIL_LIST'] },
  admin: ['PSP_SUPER'],
} as const satisfies Record<string, RoleList | Record<string, RoleList>>;
