import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCheckoutPage } from '@kassa/domain';
import { apiPost } from '@/lib/api-client.ts';
import { checkoutQuery } from './get-checkout.ts';

/** `POST /v1/checkout/{token}/challenge`: the customer's 3-D Secure code; a wrong one with tries left is a 422. */
export const answerChallenge = (token: string, code: string) =>
  apiPost<TCheckoutPage>(`checkout/${encodeURIComponent(token)}/challenge`, { code }, { ignoreUnauthorized: true });

/** Sends the code; the page then shows the answer (or, after a wrong code, the tries left). */
export const useAnswerChallenge = (token: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => answerChallenge(token, code),
    onSuccess: (page) => client.setQueryData(checkoutQuery(token).queryKey, page),
    onError: () => client.invalidateQueries({ queryKey: checkoutQuery(token).queryKey }),
  });
};
