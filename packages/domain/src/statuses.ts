/** Colour families of status tags; the web maps them to tag colours. */
export type StatusFamily = 'success' | 'processing' | 'warning' | 'error' | 'default' | 'purple';

const vocabulary = <const S extends string>(families: Record<S, StatusFamily>) => ({
  values: Object.keys(families) as S[],
  families,
});

/** Every status vocabulary of the product, each with its own colour family (payments.md §4). */
export const statusVocabularies = {
  transaction: vocabulary({
    INITIATED: 'processing',
    OPEN: 'processing',
    IN_PROGRESS: 'processing',
    PENDING: 'warning',
    SUBMITTED: 'processing',
    AUTHORIZED: 'processing',
    REAUTHORIZED: 'processing',
    SETTLEMENT_REQUESTED: 'processing',
    SENT_FOR_SETTLEMENT: 'processing',
    SETTLING: 'processing',
    SETTLED: 'success',
    SETTLEMENT_COMPLETED: 'success',
    PAID: 'success',
    DECLINED: 'error',
    PROCESSOR_DECLINED: 'error',
    GATEWAY_REJECTED: 'error',
    FAILED: 'error',
    SETTLEMENT_FAILED: 'error',
    SETTLEMENT_DECLINED: 'error',
    CHARGEBACK: 'purple',
    UNKNOWN: 'default',
    ABANDONED: 'default',
    EXPIRED: 'default',
    CANCELLED: 'default',
    SETTLEMENT_CANCELLED: 'default',
    AUTHORIZATION_VOIDED: 'default',
    AUTHORIZATION_EXPIRED: 'default',
    VOIDED: 'default',
  }),
  refund: vocabulary({
    PROCESSED: 'success',
    PENDING: 'processing',
    HOLD: 'warning',
    CANCELLED: 'default',
    FAILED: 'error',
    UNKNOWN: 'default',
  }),
  chargeback: vocabulary({
    OPEN: 'warning',
    IN_DISPUTE: 'processing',
    WON: 'success',
    LOST: 'error',
    CANCELLED: 'default',
  }),
  // Issue 36: a held payment's review case.
  review: vocabulary({ PENDING: 'warning', APPROVED: 'success', DECLINED: 'error' }),
  scheduledTransaction: vocabulary({ CREATED: 'processing', DONE: 'success', FAILED: 'error' }),
  customer: vocabulary({
    VERIFIED: 'success',
    AUTO_VERIFIED: 'success',
    UNVERIFIED: 'warning',
    AUTO_UNVERIFIED: 'warning',
    UNKNOWN: 'default',
  }),
  paymentLink: vocabulary({
    CREATED: 'processing',
    INITIATED: 'warning',
    DONE: 'success',
    EXPIRED: 'default',
    /** Closed after too many failed payments (card testing); no further attempt reaches the acquirer. */
    BLOCKED: 'error',
  }),
  cardAddLink: vocabulary({
    CREATED: 'processing',
    INITIATED: 'warning',
    DONE: 'success',
    EXPIRED: 'default',
    CANCELLED: 'error',
  }),
  subscription: vocabulary({
    CREATED: 'processing',
    ACTIVE: 'success',
    PAST_DUE: 'warning',
    EXPIRED: 'default',
    CANCELLED: 'error',
    COMPLETED: 'purple',
  }),
  terminal: vocabulary({ ACTIVE: 'success', INACTIVE: 'default' }),
  sap: vocabulary({ CREATED: 'processing', ONBOARDED: 'success', DELETED: 'default' }),
  report: vocabulary({ PENDING: 'processing', PROCESSED: 'success' }),
} as const;

export type StatusVocabulary = keyof typeof statusVocabularies;
export type TransactionStatus = keyof typeof statusVocabularies.transaction.families;
export type RefundStatus = keyof typeof statusVocabularies.refund.families;
export type ChargebackStatus = keyof typeof statusVocabularies.chargeback.families;
export type SubscriptionStatus = keyof typeof statusVocabularies.subscription.families;

/** Transactions whose money has been taken and so may be refunded. */
export const REFUNDABLE_TRANSACTION_STATUSES: readonly TransactionStatus[] = [
  'AUTHORIZED',
  'REAUTHORIZED',
  'SETTLEMENT_REQUESTED',
  'SENT_FOR_SETTLEMENT',
  'SETTLING',
  'SETTLED',
  'SETTLEMENT_COMPLETED',
  'PAID',
];

/** Refund statuses that count against the refundable remainder. */
export const COUNTED_REFUND_STATUSES: readonly RefundStatus[] = ['PROCESSED', 'PENDING', 'HOLD', 'UNKNOWN'];

/** The list types of the transactions screen (payments.md §2). */
export const TRANSACTION_LIST_TYPES = ['DEFAULT', 'TAGGED', 'BLOCKED', 'MISSED', 'DECLINED'] as const;
export type TransactionListType = (typeof TRANSACTION_LIST_TYPES)[number];

export const PAYMENT_PRODUCTS = ['card', 'ideal', 'paypal', 'bancontact', 'sepa', 'applepay'] as const;
export type PaymentProduct = (typeof PAYMENT_PRODUCTS)[number];
export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'maestro'] as const;
export const RECURRING_TYPES = ['none', 'initial', 'recurring'] as const;
export const CHARGEBACK_REASON_CODES = {
  '10.4': 'Other fraud — card-absent environment',
  '13.1': 'Merchandise/services not received',
  '13.3': 'Not as described or defective merchandise',
  '13.6': 'Credit not processed',
  '4837': 'No cardholder authorisation',
  '4853': 'Cardholder dispute',
  '4863': 'Cardholder does not recognise',
  AM02: 'SEPA: no valid mandate',
  MD06: 'SEPA: refund request by end customer',
} as const;
