import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TReconciliationDashboard,
  TMerchantReconciliationExceptionRow,
  TReconciliationDecision,
  TReconciliationExceptionRow,
  TSettlementFileRow,
} from '@kassa/domain';
import { apiGet, apiPost } from '@/lib/api-client.ts';
import { countOptions, detailOptions, listOptions } from '@/lib/entity-api.ts';

/**
 * An exception as either list reads it: a merchant's comes without provider finance's people
 * (owner, who asked for and who approved a write-off), which the provider's has.
 */
export type ExceptionRow = TMerchantReconciliationExceptionRow &
  Partial<Omit<TReconciliationExceptionRow, keyof TMerchantReconciliationExceptionRow>>;
export type SettlementFileRow = TSettlementFileRow;

export const EXCEPTION_PATH = 'psp/reconciliationexception';
export const FILE_PATH = 'psp/settlementfile';

/** `GET /v1/psp/reconciliationexception` (provider finance's queue). */
export const exceptionsQueryOptions = listOptions<ExceptionRow>(EXCEPTION_PATH);
export const exceptionsCountQueryOptions = countOptions(EXCEPTION_PATH);
export const exceptionQueryOptions = detailOptions<ExceptionRow>(EXCEPTION_PATH);

/** `GET /v1/reconciliationexception`: a merchant's read-only view of the exceptions about its own payments. */
export const MERCHANT_EXCEPTION_PATH = 'reconciliationexception';
export const merchantExceptionsQueryOptions = listOptions<ExceptionRow>(MERCHANT_EXCEPTION_PATH);
export const merchantExceptionsCountQueryOptions = countOptions(MERCHANT_EXCEPTION_PATH);
export const merchantExceptionQueryOptions = detailOptions<ExceptionRow>(MERCHANT_EXCEPTION_PATH);

/** `GET /v1/psp/settlementfile`: imported acquirer reports. */
export const filesQueryOptions = listOptions<SettlementFileRow>(FILE_PATH);
export const filesCountQueryOptions = countOptions(FILE_PATH);
export const fileQueryOptions = detailOptions<SettlementFileRow>(FILE_PATH);

/** The exceptions of one file, for its detail (what explains the difference). */
export const useFileExceptions = (fileId: string) =>
  useQuery({
    queryKey: [EXCEPTION_PATH, 'list', 'psp', { settlement_file: fileId }],
    queryFn: ({ signal }) =>
      apiGet<ExceptionRow[]>(EXCEPTION_PATH, { settlement_file: fileId, _sort: 'line_no', _limit: 100 }, signal),
  });

/** `POST /v1/psp/reconciliationexception/decision`: one decision on one or more exceptions. */
export const useDecision = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TReconciliationDecision) => apiPost<{ changed: number }>(`${EXCEPTION_PATH}/decision`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [EXCEPTION_PATH] }),
  });
};

/** `GET /v1/psp/reconciliation/dashboard`: match rate and fee deviation per processor settlement and day, open exceptions by kind and age. */
export type ReconciliationDashboardData = TReconciliationDashboard;

export const useReconciliationDashboard = () =>
  useQuery({
    queryKey: [EXCEPTION_PATH, 'dashboard'],
    queryFn: ({ signal }) => apiGet<ReconciliationDashboardData>('psp/reconciliation/dashboard', undefined, signal),
  });
