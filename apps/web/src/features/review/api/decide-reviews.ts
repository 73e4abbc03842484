import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TReviewApprove, TReviewAssign, TReviewDecline } from '@kassa/domain';
import { apiPost } from '@/lib/api-client.ts';
import type { ReviewOutcome } from './types.ts';

type Decision =
  | { kind: 'approve'; body: TReviewApprove }
  | { kind: 'decline'; body: TReviewDecline }
  | { kind: 'assign'; body: TReviewAssign };

/** `POST /v1/review/approve|decline|assign`: one or many cases at once. */
export const decideReviews = ({ kind, body }: Decision) => apiPost<ReviewOutcome>(`review/${kind}`, body);

/** Decides, then refreshes the queue and the transactions (their status changed). */
export const useDecideReviews = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideReviews,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['review'] });
      await queryClient.invalidateQueries({ queryKey: ['transaction'] });
    },
  });
};
