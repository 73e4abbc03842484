import { useQuery } from '@tanstack/react-query';
import { detailOptions } from '@/lib/entity-api.ts';
import { REVIEW_POPULATE } from './get-reviews.ts';
import type { ReviewRow } from './types.ts';

/** `GET /v1/review/:id` for the detail panel. */
export const reviewQueryOptions = detailOptions<ReviewRow>('review', REVIEW_POPULATE);

export const useReview = (id: string, scope: string) => useQuery(reviewQueryOptions(id, scope));
