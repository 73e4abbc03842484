import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCardAddPage } from '@kassa/domain';
import { apiPost } from '@/lib/api-client.ts';
import { cardAddPageQuery } from './get-card-add-page.ts';

/** `POST /v1/add-card/{token}`: adds the customer's card; answers the page (added, or open again after a refusal). */
export const addCard = (token: string, cardNumber: string) =>
  apiPost<TCardAddPage>(
    `add-card/${encodeURIComponent(token)}`,
    { card_number: cardNumber },
    { ignoreUnauthorized: true },
  );

export const useAddCard = (token: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (cardNumber: string) => addCard(token, cardNumber),
    onSuccess: (page) => client.setQueryData(cardAddPageQuery(token).queryKey, page),
  });
};
