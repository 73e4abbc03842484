import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCheckoutDesignCreate, TCheckoutDesignRow, TCheckoutDesignUpdate } from '@kassa/domain';
import { ApiError, apiGet, apiPost, apiRequest, type QueryParams } from '@/lib/api-client.ts';

export type CheckoutDesignRow = TCheckoutDesignRow;

export const checkoutDesignsQueryOptions = (params: QueryParams, scope: string) =>
  queryOptions({
    queryKey: ['checkoutdesign', 'list', scope, params] as readonly unknown[],
    queryFn: ({ signal }) => apiGet<CheckoutDesignRow[]>('checkoutdesign', params, signal),
  });
export const checkoutDesignsCountQueryOptions = (params: QueryParams, scope: string) =>
  queryOptions({
    queryKey: ['checkoutdesign', 'count', scope, params] as readonly unknown[],
    queryFn: ({ signal }) => apiGet<{ count: number }>('checkoutdesign/count', params, signal),
  });
export const useCheckoutDesign = (id: string | undefined) =>
  useQuery({
    queryKey: ['checkoutdesign', 'detail', id],
    enabled: Boolean(id),
    queryFn: ({ signal }) =>
      apiGet<CheckoutDesignRow>(`checkoutdesign/${encodeURIComponent(id as string)}`, undefined, signal),
  });

/** `POST /v1/checkoutdesign` creates; with an id it updates. */
export const useSaveCheckoutDesign = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: TCheckoutDesignCreate | TCheckoutDesignUpdate }) =>
      apiPost<CheckoutDesignRow>(id ? `checkoutdesign/${encodeURIComponent(id)}` : 'checkoutdesign', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['checkoutdesign'] }),
  });
};

/**
 * `DELETE /v1/checkoutdesign/{id}`. A 409 `in_use` means subscription plans still name the design:
 * their names are read (`plan?checkout=`) so the refusal can say which, in the user's language.
 */
export const useDeleteCheckoutDesign = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      try {
        await apiRequest<void>('DELETE', `checkoutdesign/${encodeURIComponent(id)}`);
      } catch (error) {
        if (!(error instanceof ApiError) || error.code !== 'in_use') throw error;
        const plans = await apiGet<{ name: string }[]>('plan', { checkout: id, _limit: '10' }).catch(() => []);
        throw new DesignInUse(plans.map((plan) => plan.name));
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['checkoutdesign'] }),
  });
};

/** The refusal of a delete: the plans that still use the design (empty when they cannot be read). */
export class DesignInUse extends Error {
  constructor(readonly plans: string[]) {
    super('in_use');
  }
}
