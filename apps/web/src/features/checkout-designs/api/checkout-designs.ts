import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCheckoutDesignCreate, TCheckoutDesignRow, TCheckoutDesignUpdate } from '@kassa/domain';
import { apiGet, apiPost, type QueryParams } from '@/lib/api-client.ts';

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
