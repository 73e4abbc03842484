import type { PaymentProduct } from '@kassa/domain';
import { newId } from '../../lib/ids.ts';
import type { Queryable } from '../../plugins/db/index.ts';
import { customerStatus, finishScheduledTransaction, loadChargeProfile, merchantOf, pickProcessor } from './charge.repository.ts';
import { sandboxAuthorise, type SandboxAnswer } from './sandbox-processor.ts';
import { insertTransaction } from './transaction.repository.ts';

export type ChargeInput = {
  organisationId: string;
  paymentProfileId: string;
  customerId: string | null;
  /** Minor units, a positive whole number. */
  amount: number;
  productType: PaymentProduct;
  merchantReference: string;
  description?: string;
  subscriptionId?: string;
  subscriptionCycle?: number;
  recurringType?: 'none' | 'initial' | 'recurring';
  scheduledTransactionId?: string;
};

export type ChargeResult = {
  transactionId: string;
  status: 'SETTLEMENT_REQUESTED' | 'DECLINED' | 'FAILED';
  statusReason: string | null;
};

/**
 * The one payment path: every payment (the API, payment links, recurring billing) goes through
 * here. Runs inside the caller's database transaction, so the transaction row, the scheduled
 * transaction's outcome and whatever the caller writes commit together or not at all.
 * Inputs are trusted (the caller validated them and checked tenancy); a broken contract throws.
 */
export const chargePayment = async (tx: Queryable, input: ChargeInput): Promise<ChargeResult> => {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new Error(`chargePayment: amount must be a positive integer, got ${input.amount}`);
  const profile = await loadChargeProfile(tx, input.paymentProfileId);
  if (!profile) throw new Error(`chargePayment: payment profile ${input.paymentProfileId} does not exist`);
  const merchantId = await merchantOf(tx, input.organisationId);
  if (!merchantId) throw new Error(`chargePayment: organisation ${input.organisationId} does not exist`);
  const started = new Date().toISOString();
  const processorId = (await pickProcessor(tx, profile.id, input.productType)) ?? null;
  let answer: Pick<SandboxAnswer, 'status' | 'reason'> & Partial<SandboxAnswer>;
  if (!processorId) {
    answer = { status: 'FAILED', reason: 'no processor' };
  } else {
    const status = input.customerId ? ((await customerStatus(tx, input.customerId)) ?? null) : null;
    answer = sandboxAuthorise({ amount: input.amount, productType: input.productType, customerStatus: status });
  }
  const transactionId = newId('tx');
  await insertTransaction(tx, {
    id: transactionId,
    organisationId: input.organisationId,
    merchantId,
    paymentProfileId: profile.id,
    processorId,
    customerId: input.customerId,
    merchantReference: input.merchantReference,
    amount: input.amount,
    currencyCode: profile.currency_code,
    productType: input.productType,
    card: answer.card ?? null,
    recurringType: input.recurringType ?? 'none',
    status: answer.status,
    statusReason: answer.reason,
    subscriptionId: input.subscriptionId ?? null,
    subscriptionCycle: input.subscriptionCycle ?? null,
    description: input.description ?? null,
    processorIdExternal: answer.externalId ?? null,
    statusHistory: [
      { status: 'INITIATED', at: started, reason: null },
      { status: answer.status, at: new Date().toISOString(), reason: answer.reason },
    ],
  });
  if (input.scheduledTransactionId) {
    await finishScheduledTransaction(tx, input.scheduledTransactionId, {
      transactionId,
      done: answer.status === 'SETTLEMENT_REQUESTED',
      reason: answer.reason,
    });
  }
  return { transactionId, status: answer.status, statusReason: answer.reason };
};
