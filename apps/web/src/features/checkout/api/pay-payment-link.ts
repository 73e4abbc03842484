import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPaymentLinkPage } from '@kassa/domain';
import { ApiError, apiPost } from '@/lib/api-client.ts';
import { paymentLinkPageQuery } from './get-payment-link-page.ts';

/** `POST /v1/pay/{token}`: pays the link with a card; answers the page (with `checkout_url` when a challenge follows). */
export const payPaymentLink = (token: string, cardNumber: string) =>
  apiPost<TPaymentLinkPage>(
    `pay/${encodeURIComponent(token)}`,
    { card_number: cardNumber },
    { ignoreUnauthorized: true },
  );

export const usePayPaymentLink = (token: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (cardNumber: string) => payPaymentLink(token, cardNumber),
    onSuccess: (page) => client.setQueryData(paymentLinkPageQuery(token).queryKey, page),
    // A link closed after too many failed payments (409) shows its closed page.
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'payment_link_blocked')
        void client.invalidateQueries({ queryKey: paymentLinkPageQuery(token).queryKey });
    },
  });
};
